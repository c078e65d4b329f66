import { Router } from 'express';
import {
  PIN_MAIL_SUBJECT,
  PIN_REQUIRED,
  PIN_SEND_FAILED,
  PIN_SENT,
  TOO_MANY_PIN_ATTEMPTS,
  TOO_MANY_PIN_REQUESTS,
  WRONG_PIN,
  pinMailText,
  validatePinCallsign,
} from '@hamlog/domain';
import { PIN_LIFETIME_MS } from '@hamlog/infra/auth/pin-store';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { FailureLimiter } from '@hamlog/infra/http/rate-limit';
import type { CommandDeps } from '../deps';
import { bodyObject, stringField } from '../http/body';
import { accountByCallsign, signIn } from './accounts';
import { retryAfter } from './limits';

const WINDOW_MS = 15 * 60_000;

function pinCallsign(body: Record<string, unknown>): string {
  const checked = validatePinCallsign(stringField(body, 'callsign'));
  if (!checked.ok) throw fieldErrors(checked.errors);
  return checked.value.callsign;
}

/**
 * One-time PIN login (decision 0014): POST /vsendpin mails a PIN to the account holding the
 * callsign, POST /vpinlogin trades it for a session. Sub-accounts have no email, so a PIN is
 * never sent for their callsigns: they are reached through their main account.
 */
export function pinLoginRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const clock = () => now().getTime();
  // Every request counts against sending (so nobody floods a mailbox): per callsign from one
  // address, and a higher bound per callsign from anywhere, so a stranger alone cannot use up the
  // owner's PIN mails. Wrong PINs count per address here, and against the PIN itself in the PIN
  // store (a guess limit ends that PIN only; the owner's next PIN starts afresh; decision 0021).
  const sendsPerCallsignAndAddress = new FailureLimiter(5, WINDOW_MS, clock);
  const sendsPerCallsign = new FailureLimiter(20, WINDOW_MS, clock);
  const sendsPerAddress = new FailureLimiter(20, WINDOW_MS, clock);
  const wrongPerAddress = new FailureLimiter(30, WINDOW_MS, clock);

  /** The same answer whether or not the callsign has an account, so callsigns cannot be probed. */
  router.post('/vsendpin', asyncHandler(async (req, res) => {
    const callsign = pinCallsign(bodyObject(req));
    const address = req.ip ?? '';
    const limits: [FailureLimiter, string][] = [[sendsPerCallsignAndAddress, `${address}|${callsign}`], [sendsPerCallsign, callsign], [sendsPerAddress, address]];
    retryAfter(res, limits, TOO_MANY_PIN_REQUESTS);
    for (const [limiter, key] of limits) limiter.fail(key);
    const account = await accountByCallsign(deps.store, callsign);
    if (account && !account.managedById && account.email) {
      const pin = await deps.accounts.pins.issue(account.userId, now());
      try {
        await deps.accounts.mailer.send({ to: account.email, subject: PIN_MAIL_SUBJECT, text: pinMailText(account.callsign, pin, PIN_LIFETIME_MS / 60_000) });
      } catch (error) {
        deps.logger.warn({ err: error, userId: account.userId }, 'PIN mail failed');
        throw new HttpError(502, PIN_SEND_FAILED);
      }
    }
    res.json({ message: PIN_SENT });
  }));

  router.post('/vpinlogin', asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const callsign = pinCallsign(body);
    const pin = stringField(body, 'pin').trim();
    if (pin === '') throw fieldErrors({ pin: [PIN_REQUIRED] });
    const address = req.ip ?? '';
    retryAfter(res, [[wrongPerAddress, address]], TOO_MANY_PIN_ATTEMPTS);
    const account = await accountByCallsign(deps.store, callsign);
    const valid = account !== null && !account.managedById && /^\d{4,12}$/.test(pin) && (await deps.accounts.pins.consume(account.userId, pin, now()));
    if (!account || !valid) {
      wrongPerAddress.fail(address);
      throw new HttpError(401, WRONG_PIN);
    }
    res.json(await signIn(deps, account, now(), { scope: 'full', signedInBy: 'pin' }));
  }));

  return router;
}
