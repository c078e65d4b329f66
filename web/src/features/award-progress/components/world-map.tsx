import { useId } from 'react';
import type { AwardMapAnswer, AwardValueState } from '@hamlog/domain/award-tracking/api';
import { formatCount } from '@/components/charts/series';
import { creditWord } from '../utils/progress';
import { countStates } from '../utils/map-counts';
import { stateWord } from '../utils/value-states';
import { MapMark, StateLegend } from './state-legend';
import './award-maps.css';

/** Equirectangular: x is the longitude from 0 to 360, y the latitude from 0 (north) to 180. */
const x = (lon: number) => lon + 180;
const y = (lat: number) => 90 - lat;

const MERIDIANS = [-150, -120, -90, -60, -30, 0, 30, 60, 90, 120, 150];
const PARALLELS = [-60, -30, 0, 30, 60];
/** No coastlines are drawn: the continents' names say roughly where the points are. */
const CONTINENTS: readonly [string, number, number][] = [
  ['North America', 48, -102],
  ['South America', -12, -58],
  ['Europe', 54, 18],
  ['Africa', 6, 20],
  ['Asia', 50, 92],
  ['Oceania', -24, 134],
  ['Antarctica', -80, 0],
];

/** Drawn in this order: needed under worked under confirmed, so what counts shows on top. */
const DRAW_ORDER: Readonly<Record<AwardValueState, number>> = { needed: 0, worked: 1, confirmed: 2 };

/** The values that have a position, as marks on a world graticule, coloured and shaped by state. */
export function WorldMap({ answer }: { answer: AwardMapAnswer }) {
  const titleId = useId();
  const { card } = answer;
  const stateOf = new Map<string, AwardValueState>();
  for (const state of Object.keys(DRAW_ORDER) as AwardValueState[]) for (const value of answer.states[state]) stateOf.set(value, state);
  const placed = answer.places
    .flatMap((place) => {
      const state = stateOf.get(place.value);
      return state ? [{ ...place, state }] : [];
    })
    .sort((a, b) => DRAW_ORDER[a.state] - DRAW_ORDER[b.state]);
  const counts = countStates(placed);
  const title = `${card.name} map${answer.band ? ` on ${answer.band}` : ''}: ${formatCount(counts.confirmed)} ${creditWord(card)}, ${formatCount(counts.worked)} worked, ${formatCount(counts.needed)} needed`;
  if (placed.length === 0) return <p className="empty">None of these {card.unit[1]} has a position to draw.</p>;
  return (
    <figure className="ap-map">
      <svg className="ap-map-svg" viewBox="0 0 360 180" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{title}</title>
        <rect className="ap-map-sea" x={0} y={0} width={360} height={180} />
        {MERIDIANS.map((lon) => (
          <line key={`m${lon}`} className={lon === 0 ? 'ap-map-line ap-map-line-main' : 'ap-map-line'} x1={x(lon)} x2={x(lon)} y1={0} y2={180} />
        ))}
        {PARALLELS.map((lat) => (
          <line key={`p${lat}`} className={lat === 0 ? 'ap-map-line ap-map-line-main' : 'ap-map-line'} x1={0} x2={360} y1={y(lat)} y2={y(lat)} />
        ))}
        {CONTINENTS.map(([name, lat, lon]) => (
          <text key={name} className="ap-map-continent" x={x(lon)} y={y(lat)} textAnchor="middle">
            {name}
          </text>
        ))}
        {placed.map((point) => (
          <g key={point.value} className={`ap-mark ap-state-${point.state}`}>
            <MapMark state={point.state} size={2.2} x={x(point.lon)} y={y(point.lat)} />
            <title>{`${point.label}: ${stateWord(point.state, card)}`}</title>
          </g>
        ))}
      </svg>
      <figcaption>
        <StateLegend card={card} marks="shapes" />
      </figcaption>
    </figure>
  );
}
