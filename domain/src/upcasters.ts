/**
 * Events are never rewritten: when an event's shape changes, its type gets a new version and an
 * upcaster turns data stored at the old version into the new shape as the event is read, so
 * deciders and projections only ever see the current one.
 */
export interface Upcaster {
  type: string;
  /** The stored version it reads; it answers data at fromVersion + 1. */
  fromVersion: number;
  upcast(data: unknown): unknown;
}

/** Every upcaster in the product. None yet: every event type is still at its first version. */
export const upcasters: readonly Upcaster[] = [];
