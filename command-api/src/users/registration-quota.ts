import type { Response } from 'express';
import { EMAIL_TAKEN, REGISTRATIONS_PER_ADDRESS, TOO_MANY_REGISTRATIONS, ValidationError } from '@hamlog/domain';
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import type { SlidingQuota } from '@hamlog/infra/http/sliding-quota';
import type { CommandDeps } from '../deps';
import { limiter } from '../http/limits';

/** Whether a refused registration told the caller that an email is registered. */
function revealsEmail(error: unknown): boolean {
  return error instanceof ValidationError && (error.errors.email ?? []).includes(EMAIL_TAKEN);
}

/** New accounts per client address (req.ip), REGISTRATIONS_PER_ADDRESS; none when the quota is off. */
export class RegistrationQuota {
  private readonly quota: SlidingQuota | null;

  constructor(deps: Pick<CommandDeps, 'limits' | 'now' | 'registrationQuota'>) {
    this.quota = deps.registrationQuota === false ? null : limiter(deps, { name: 'registrations', windows: REGISTRATIONS_PER_ADDRESS, refusal: TOO_MANY_REGISTRATIONS });
  }

  /**
   * Runs the registration on a slot of the address's quota, taken first (429 with Retry-After when
   * none is left). A failed registration gives it back, except one that says the email is taken:
   * that answer is a probe of who is registered, so it counts like an account made (issue 20). A
   * taken callsign reveals nothing a public profile does not.
   */
  async run<T>(res: Response, address: string, register: () => Promise<T>): Promise<T> {
    const slots = this.quota ? await takeSlots(res, [[this.quota, address]]) : null;
    try {
      return await register();
    } catch (error) {
      if (!revealsEmail(error)) await slots?.giveBack();
      throw error;
    }
  }
}
