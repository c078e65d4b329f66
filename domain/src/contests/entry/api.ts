/** The wire of a station's contest entry: its category, set and read. Pure: the client imports it. */
import type { StationCategory } from '../rules/rules';

/** POST /api/vcontest/{contest_id}/category {operator, assisted, band, power, mode, transmitter, overlay}: the caller's category (fields left out take the contest's first value). */
export const contestCategoryPath = (contestId: string): string => `/vcontest/${encodeURIComponent(contestId)}/category`;

export interface ContestCategoryAnswer {
  category: StationCategory;
}
