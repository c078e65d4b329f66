import { WrongExpectedRevisionError } from '@hamlog/infra/ports/event-store';

/**
 * Reads, decides and appends again when another write got in between (optimistic concurrency
 * across the several streams one account change touches).
 */
export async function withRetries<T>(attempt: () => Promise<T>, attempts = 4): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || n >= attempts) throw error;
    }
  }
}
