import { createHash, randomInt } from 'node:crypto';
import type pg from 'pg';
import type { Migration } from '../postgres/migrations';

/**
 * One-time login PINs. Like sessions they are access state, not business state, so they live in
 * their own table (decision 0004). One row per user: issuing a PIN replaces the previous one, so
 * only the latest works. Only a hash is stored; a PIN works once and until it expires.
 */
export const pinMigrations: Migration[] = [
  {
    id: '001_auth_pins',
    sql: `CREATE TABLE auth_pins (
      user_id text PRIMARY KEY,
      pin_hash text NOT NULL,
      issued_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );`,
  },
  {
    // Wrong guesses count against the PIN they were aimed at, not against the account (decision 0021).
    id: '002_pin_wrong_guesses',
    sql: 'ALTER TABLE auth_pins ADD COLUMN wrong_guesses integer NOT NULL DEFAULT 0;',
  },
];

export const PIN_DIGITS = 8;
export const PIN_LIFETIME_MS = 15 * 60_000;
/** Wrong guesses after which the current PIN stops working; a new PIN starts again from none. */
export const PIN_MAX_WRONG_GUESSES = 5;

function hashPin(userId: string, pin: string): string {
  return createHash('sha256').update(`${userId}:${pin}`).digest('hex');
}

/** `at` is passed in by the caller (its clock), so expiry can be tested without waiting. */
export class PinStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lifetimeMs = PIN_LIFETIME_MS,
  ) {}

  /** A new random PIN for the user; the previous one (and its wrong guesses) stops counting. */
  async issue(userId: string, at: Date): Promise<string> {
    const pin = String(randomInt(0, 10 ** PIN_DIGITS)).padStart(PIN_DIGITS, '0');
    await this.pool.query(
      `INSERT INTO auth_pins (user_id, pin_hash, issued_at, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET pin_hash = EXCLUDED.pin_hash, issued_at = EXCLUDED.issued_at,
         expires_at = EXCLUDED.expires_at, used_at = NULL, wrong_guesses = 0`,
      [userId, hashPin(userId, pin), at, new Date(at.getTime() + this.lifetimeMs)],
    );
    return pin;
  }

  /**
   * true once for the latest, unexpired PIN; the check and the use are one statement, so two tries
   * cannot both win. A wrong guess counts against that PIN: after PIN_MAX_WRONG_GUESSES it is
   * refused even when right, until the owner asks for a new one.
   */
  async consume(userId: string, pin: string, at: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE auth_pins SET used_at = $3
       WHERE user_id = $1 AND pin_hash = $2 AND used_at IS NULL AND expires_at > $3 AND wrong_guesses < $4`,
      [userId, hashPin(userId, pin.trim()), at, PIN_MAX_WRONG_GUESSES],
    );
    if (rowCount === 1) return true;
    await this.pool.query('UPDATE auth_pins SET wrong_guesses = wrong_guesses + 1 WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return false;
  }
}
