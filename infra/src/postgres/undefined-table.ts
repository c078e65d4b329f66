/** PostgreSQL's undefined_table: the statement reads a table nobody has created yet. */
export function isUndefinedTable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '42P01';
}

/**
 * A read of a projector's read model from another service, which may start before the projector
 * has created its tables (a fresh database): answers `empty` until they are there.
 */
export async function emptyUntilCreated<T>(read: Promise<T>, empty: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isUndefinedTable(error)) return empty;
    throw error;
  }
}
