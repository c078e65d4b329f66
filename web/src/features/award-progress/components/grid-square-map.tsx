import { useId } from 'react';
import type { AwardMapAnswer, AwardValueState } from '@hamlog/domain/award-tracking/api';
import { formatCount } from '@/components/charts/series';
import { fieldsIn, GRID_STEPS, linesBetween, squareBox, viewAround, type GeoBox } from '../utils/grid-squares';
import { countStates } from '../utils/map-counts';
import { creditWord } from '../utils/progress';
import { StateLegend } from './state-legend';
import './award-maps.css';

interface DrawnSquare {
  locator: string;
  state: AwardValueState;
  box: GeoBox;
}

/** Square lines and the squares' names only when the view is small enough for them to be legible. */
const SQUARE_LINES_UP_TO = 60;
const SQUARE_NAMES_UP_TO = 36;
/** Wider than this, only the fields with squares worked are named (the world has 324). */
const FIELD_NAMES_UP_TO = 100;

/**
 * The grid squares worked, as rectangles on a Maidenhead grid zoomed to them: confirmed filled,
 * worked hatched (not by colour alone), the fields' lines and names for bearings.
 */
export function GridSquareMap({ answer }: { answer: AwardMapAnswer }) {
  const ids = useId();
  const { card } = answer;
  const squares: DrawnSquare[] = (['worked', 'confirmed'] as const).flatMap((state) =>
    answer.states[state].flatMap((value) => {
      const box = squareBox(value);
      return box ? [{ locator: value.toUpperCase(), state, box }] : [];
    }),
  );
  if (squares.length === 0) {
    return <p className="empty">No grid squares worked{answer.band ? ` on ${answer.band}` : ''} yet.</p>;
  }
  const view = viewAround(squares.map((s) => s.box));
  const north = view.lat + view.height;
  const y = (lat: number) => -lat;
  // Legible at any zoom, and never taller than a third of a field.
  const font = Math.min(view.width / 42, GRID_STEPS.field.lat / 3);
  const worked = new Set(squares.map((s) => s.locator.slice(0, 2)));
  const counts = countStates(squares);
  const title = `${card.name} grid squares${answer.band ? ` on ${answer.band}` : ''}: ${formatCount(squares.length)} worked, ${formatCount(counts.confirmed)} ${creditWord(card)}`;
  // React's ids hold characters a url(#...) reference does not take.
  const hatch = `hatch-${ids.replace(/[^\w-]/g, '')}`;
  const squareLines = view.width <= SQUARE_LINES_UP_TO;
  return (
    <figure className="ap-map">
      <svg className="ap-map-svg" viewBox={`${view.lon} ${-north} ${view.width} ${view.height}`} role="img" aria-labelledby={`${ids}-title`}>
        <title id={`${ids}-title`}>{title}</title>
        <defs>
          <pattern id={hatch} className="ap-hatch" patternUnits="userSpaceOnUse" width={0.5} height={0.5} patternTransform="rotate(45)">
            <rect className="ap-hatch-back" width={0.5} height={0.5} />
            <rect className="ap-hatch-stripe" width={0.2} height={0.5} />
          </pattern>
        </defs>
        <rect className="ap-map-sea" x={view.lon} y={-north} width={view.width} height={view.height} />
        {squareLines ? <GridLines view={view} step={GRID_STEPS.square} className="ap-map-line" /> : null}
        <GridLines view={view} step={GRID_STEPS.field} className="ap-map-line ap-map-line-main" />
        {squares.map((square) => (
          <g key={square.locator} className={`ap-square ap-state-${square.state}`}>
            <rect
              x={square.box.lon}
              y={y(square.box.lat + square.box.height)}
              width={square.box.width}
              height={square.box.height}
              fill={square.state === 'worked' ? `url(#${hatch})` : undefined}
              data-locator={square.locator}
              data-state={square.state}
            />
            <title>{`${square.locator}: ${square.state === 'confirmed' ? creditWord(card) : 'worked'}`}</title>
            {view.width <= SQUARE_NAMES_UP_TO ? (
              <text className="ap-square-name" x={square.box.lon + square.box.width / 2} y={y(square.box.lat + square.box.height / 2)} fontSize={font * 0.55}>
                {square.locator.slice(2)}
              </text>
            ) : null}
          </g>
        ))}
        {fieldsIn(view)
          .filter((field) => view.width <= FIELD_NAMES_UP_TO || worked.has(field.name))
          .map((field) => (
            <text key={field.name} className="ap-field-name" x={Math.max(field.box.lon, view.lon) + font * 0.4} y={y(Math.min(field.box.lat + field.box.height, north)) + font * 1.2} fontSize={font}>
              {field.name}
            </text>
          ))}
      </svg>
      <figcaption>
        <StateLegend card={card} />
      </figcaption>
    </figure>
  );
}

function GridLines({ view, step, className }: { view: GeoBox; step: { lon: number; lat: number }; className: string }) {
  const east = view.lon + view.width;
  const north = view.lat + view.height;
  return (
    <g className={className}>
      {linesBetween(view.lon, east, step.lon).map((lon) => (
        <line key={`x${lon}`} x1={lon} x2={lon} y1={-north} y2={-view.lat} />
      ))}
      {linesBetween(view.lat, north, step.lat).map((lat) => (
        <line key={`y${lat}`} x1={view.lon} x2={east} y1={-lat} y2={-lat} />
      ))}
    </g>
  );
}
