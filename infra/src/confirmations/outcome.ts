/**
 * What every confirmation client (LoTW, QRZ Logbook, Club Log, eQSL) answers, so the sync jobs
 * handle all four alike. Reasons are written for the radio amateur who reads them in Settings.
 */
import { seconds, type NoAnswer } from './service-http';

export type ServiceFailure =
  /** The service refused this QSO or file; sending the same again will not help. */
  | { kind: 'rejected'; reason: string }
  /** The user's credentials, key or certificate were refused: stop this user's sync until they fix it. */
  | { kind: 'auth'; reason: string }
  /** The service told us to stop at once (Club Log's 403: repeated attempts get our address blocked). */
  | { kind: 'blocked'; reason: string }
  /** Try again later: the service was down, slow or unreachable. */
  | { kind: 'retry'; reason: string };

export type ServiceOutcome = { kind: 'ok' } | { kind: 'duplicate' } | ServiceFailure;

/** A read (a report, a download): its data, or why there is none. */
export type Fetched<T> = ({ kind: 'ok' } & T) | ServiceFailure;

const FAILURES = new Set(['rejected', 'auth', 'blocked', 'retry']);

export function isFailure<T extends object>(value: T | ServiceFailure): value is ServiceFailure {
  return 'kind' in value && typeof value.kind === 'string' && FAILURES.has(value.kind);
}

export const rejected = (reason: string): ServiceFailure => ({ kind: 'rejected', reason });
export const authFailure = (reason: string): ServiceFailure => ({ kind: 'auth', reason });
export const blocked = (reason: string): ServiceFailure => ({ kind: 'blocked', reason });
export const retry = (reason: string): ServiceFailure => ({ kind: 'retry', reason });

/** A request that got no answer: always worth another try later. */
export function unreachable(service: string, noAnswer: NoAnswer): ServiceFailure {
  return noAnswer.failure === 'timeout'
    ? retry(`${service} did not answer within ${seconds(noAnswer.timeoutMs)}; HamLog will try again later.`)
    : retry(`HamLog could not reach ${service}; it will try again later.`);
}

/** An HTTP status that means the service is in trouble or busy (5xx, 429, 408), else null. */
export function serverTrouble(service: string, status: number): ServiceFailure | null {
  if (status >= 500) return retry(`${service} is having trouble (HTTP ${status}); HamLog will try again later.`);
  if (status === 429 || status === 408) return retry(`${service} asked HamLog to slow down (HTTP ${status}); HamLog will try again later.`);
  return null;
}
