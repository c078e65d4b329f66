import type { AwardCard } from '@hamlog/domain/award-tracking/api';
import { LEGEND_STATES, STATE_LETTERS, stateWord } from '../utils/value-states';

/** What the grid's letters and colours (and the map's marks) mean. */
export function StateLegend({ card, marks = 'letters' }: { card: Pick<AwardCard, 'basis'>; marks?: 'letters' | 'shapes' }) {
  return (
    <ul className="ap-legend" aria-label="Legend">
      {LEGEND_STATES.map((state) => (
        <li key={state}>
          {marks === 'letters' ? (
            <span className={`ap-swatch ap-state-${state}`} aria-hidden="true">
              {STATE_LETTERS[state]}
            </span>
          ) : (
            <svg className={`ap-mark ap-state-${state}`} viewBox="-6 -6 12 12" width="14" height="14" aria-hidden="true" focusable="false">
              <MapMark state={state} size={4} />
            </svg>
          )}
          {stateWord(state, card)}
        </li>
      ))}
    </ul>
  );
}

/** A point's mark on the world map: a disc when confirmed, a diamond when worked, a ring when needed (not by colour alone). */
export function MapMark({ state, size, x = 0, y = 0 }: { state: keyof typeof STATE_LETTERS; size: number; x?: number; y?: number }) {
  if (state === 'worked') {
    return <path className="ap-mark-shape" d={`M${x} ${y - size * 1.2}L${x + size * 1.2} ${y}L${x} ${y + size * 1.2}L${x - size * 1.2} ${y}Z`} />;
  }
  return <circle className="ap-mark-shape" cx={x} cy={y} r={state === 'needed' ? size * 0.8 : size} />;
}
