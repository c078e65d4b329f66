import type { Response } from 'express';
import { REGISTRATIONS_PER_ADDRESS, TOO_MANY_REGISTRATIONS } from '@hamlog/domain';
import { HttpError } from '@hamlog/infra/http/errors';
import { SlidingQuota } from '@hamlog/infra/http/sliding-quota';

/** New accounts per client address (req.ip), REGISTRATIONS_PER_ADDRESS; none when the quota is off. */
export class RegistrationQuota {
  private readonly quota: SlidingQuota | null;

  constructor(enabled: boolean, now: () => number) {
    this.quota = enabled ? new SlidingQuota(REGISTRATIONS_PER_ADDRESS, now) : null;
  }

  /** Runs the registration on one use of the address's quota, given back if it fails; 429 with Retry-After when none is left. */
  async run<T>(res: Response, address: string, register: () => Promise<T>): Promise<T> {
    const turn = this.quota?.take(address);
    if (turn && !turn.granted) {
      res.setHeader('Retry-After', String(turn.retryAfterSeconds));
      throw new HttpError(429, TOO_MANY_REGISTRATIONS);
    }
    try {
      return await register();
    } catch (error) {
      if (turn?.granted) turn.giveBack();
      throw error;
    }
  }
}
