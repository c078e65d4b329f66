import type { AwardMapAnswer } from '@hamlog/domain/award-tracking/api';
import { mapKind } from '../utils/value-states';
import { GridSquareMap } from './grid-square-map';
import { WorldMap } from './world-map';

/** The map an award's values make: grid squares for VUCC and grids, a world map of positions for the rest. */
export function AwardMap({ answer }: { answer: AwardMapAnswer }) {
  return mapKind(answer.card.id) === 'grid-squares' ? <GridSquareMap answer={answer} /> : <WorldMap answer={answer} />;
}
