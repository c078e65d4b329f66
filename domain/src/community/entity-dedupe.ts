/**
 * Keeps the first item of each entity_id (the QSO's id), in order: the QSO feed and the globe show
 * a QSO once even when a refresh overlaps the previous answer. Pure; the client uses it too.
 */
export function dedupeByEntityId<T extends { entity_id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const item of items) {
    if (seen.has(item.entity_id)) continue;
    seen.add(item.entity_id);
    kept.push(item);
  }
  return kept;
}
