/** The answer of a validation: the checked value, or the messages per field. */
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string[]> };
