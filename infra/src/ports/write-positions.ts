/**
 * Read-your-writes on the server: the log position of each user's latest write, through any of
 * their credentials, so that user's next reads can wait until the read models have passed it.
 */
export interface WritePositions {
  /** Remembers that `userId` wrote up to `position` (a lower position than one already known changes nothing). */
  remember(userId: string, position: number): Promise<void>;
  /** The position of the user's latest write, 0 when none is known. */
  latest(userId: string): Promise<number>;
  close(): Promise<void>;
}
