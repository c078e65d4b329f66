import { setTimeout as sleep } from 'node:timers/promises';
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
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { bodyObject, stringField } from '../http/body';
import { limiter } from '../http/limits';
import { loadCallsignClaim, loadUser, signIn, type Account } from './accounts';

const WINDOW_MS = 15 * 60_000;
/**
 * A PIN request, and a wrong PIN, are answered this long after the limits let them in, whatever
 * was found (issue 20): mailing a PIN, or counting a wrong guess against one, takes longer than
 * finding no account, so an earlier answer would tell known callsigns apart. A PIN mail still
 * being sent then goes on after the answer (a failure is logged).
 */
const PIN_ANSWER_MS = 250;
/** The stream read, and the PIN row checked, for a callsign without an account: no user has this id. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

function pinCallsign(body: Record<string, unknown>): string {
  const checked = validatePinCallsign(stringField(body, 'callsign'));
  if (!checked.ok) throw fieldErrors(checked.errors);
  return checked.value.callsign;
}

/**
 * The account a PIN is for: its own email (a sub-account has none; it is reached through its main
 * account). Read with the same round trips whether or not the callsign has one.
 */
async function pinAccount(store: EventStore, callsign: string): Promise<Account | null> {
  const holder = (await loadCallsignClaim(store, callsign)).state;
  const account = (await loadUser(store, holder?.userId ?? NO_ACCOUNT)).state;
  return holder && account && !account.managedById ? account : null;
}

/**
 * One-time PIN login (decision 0014): POST /vsendpin mails a PIN to the account holding the
 * callsign, POST /vpinlogin trades it for a session. Sub-accounts have no email, so a PIN is
 * never sent for their callsigns: they are reached through their main account. Both answer a
 * callsign without an account after the same work as one with (issue 20, decision 0047).
 */
export function pinLoginRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  // Every request counts against sending (so nobody floods a mailbox): per callsign from one
  // address, and a higher bound per callsign from anywhere, so a stranger alone cannot use up the
  // owner's PIN mails. Wrong PINs count per address here, and against the PIN itself in the PIN
  // store (a guess limit ends that PIN only; the owner's next PIN starts afresh; decision 0021).
  const sends = (name: string, max: number) => limiter(deps, { name, windows: [{ max, windowMs: WINDOW_MS }], refusal: TOO_MANY_PIN_REQUESTS });
  const sendsPerCallsignAndAddress = sends('pin-sends-callsign-address', 5);
  const sendsPerCallsign = sends('pin-sends-callsign', 20);
  const sendsPerAddress = sends('pin-sends-address', 20);
  const wrongPerAddress = limiter(deps, { name: 'pin-wrong-address', windows: [{ max: 30, windowMs: WINDOW_MS }], refusal: TOO_MANY_PIN_ATTEMPTS });

  /** Mails a new PIN; resolves to whether it was handed over. */
  async function mailPin(account: Account): Promise<boolean> {
    try {
      const pin = await deps.accounts.pins.issue(account.userId, now());
      await deps.accounts.mailer.send({ to: account.email, subject: PIN_MAIL_SUBJECT, text: pinMailText(account.callsign, pin, PIN_LIFETIME_MS / 60_000) });
      return true;
    } catch (error) {
      deps.logger.warn({ err: error, userId: account.userId }, 'PIN mail failed');
      return false;
    }
  }

  /** The same answer whether or not the callsign has an account, so callsigns cannot be probed. */
  router.post('/vsendpin', asyncHandler(async (req, res) => {
    const callsign = pinCallsign(bodyObject(req));
    const address = req.ip ?? '';
    await takeSlots(res, [[sendsPerCallsignAndAddress, `${address}|${callsign}`], [sendsPerCallsign, callsign], [sendsPerAddress, address]]);
    const answerAt = sleep(PIN_ANSWER_MS, 'answer' as const);
    const account = await pinAccount(deps.store, callsign);
    const mailed = account?.email ? mailPin(account) : null;
    // A mail that failed before the answer is due is told (502); one still on its way is not waited for.
    const failed = mailed ? (await Promise.race([mailed, answerAt])) === false : false;
    await answerAt;
    if (failed) throw new HttpError(502, PIN_SEND_FAILED);
    res.json({ message: PIN_SENT });
  }));

  router.post('/vpinlogin', asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const callsign = pinCallsign(body);
    const pin = stringField(body, 'pin').trim();
    if (pin === '') throw fieldErrors({ pin: [PIN_REQUIRED] });
    // Wrong PINs are limited: the slot is taken first and given back by a sign-in.
    const slots = await takeSlots(res, [[wrongPerAddress, req.ip ?? '']]);
    const answerAt = sleep(PIN_ANSWER_MS);
    const account = await pinAccount(deps.store, callsign);
    // A PIN is checked (and a wrong one counted) against the account's row, or against none.
    const pinOf = account && /^\d{4,12}$/.test(pin) ? account.userId : NO_ACCOUNT;
    const valid = (await deps.accounts.pins.consume(pinOf, pin, now())) && pinOf !== NO_ACCOUNT;
    if (!account || !valid) {
      await answerAt;
      throw new HttpError(401, WRONG_PIN);
    }
    await slots.giveBack();
    res.json(await signIn(deps, account, now(), { scope: 'full', signedInBy: 'pin' }));
  }));

  return router;
}
