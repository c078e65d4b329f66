/**
 * The logger's contest mode (issue 23): which contests it offers, the exchange that goes out, the
 * contact it asks about before Enter, and what it shows of the answer. The scoring itself is the
 * server's (POST /vcontest/{id}/check): the client never loads the DXCC data.
 */
import type { ContestSummary } from '@hamlog/domain/community/api-shapes';
import type { ContestCheckAnswer, ScoreFigures } from '@hamlog/domain/contests/rules/api';
import type { ExchangeField } from '@hamlog/domain/contests/rules/rules';
import { mhzToKhz } from '../../../utils/frequency';
import { isValidCall, normalizeCall } from './fields';

/** localStorage: the contest the logger is in (its id), and per contest what the station sends. */
export const CONTEST_MODE_KEY = 'contest_mode';
export const contestSentKey = (contestId: string): string => `contest_sent_${contestId}`;

/** A contest is offered from a day before it starts until it ends. */
const OFFERED_BEFORE_MS = 24 * 3_600_000;

/** The contests of real rules running now or starting within a day, soonest first (and the chosen one, whenever it is). */
export function offeredContests(contests: readonly ContestSummary[], now: number, chosenId: string | null): ContestSummary[] {
  return contests
    .filter((c) => c.id === chosenId || (c.rules !== '' && Date.parse(c.ends_at) > now && Date.parse(c.starts_at) - OFFERED_BEFORE_MS <= now))
    .sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : a.name.localeCompare(b.name)));
}

/** The exchange boxes the logger shows: the RST is its own SNT and RCV. */
export const exchangeBoxes = (fields: readonly ExchangeField[]): ExchangeField[] => fields.filter((field) => field.kind !== 'rst');

/** Box values: upper case, no spaces (an exchange value is one word). */
export const exchangeValue = (typed: string): string => typed.toUpperCase().replace(/\s+/g, '');

/** What goes out with the next contact: what the operator set, else the contest's default for the station, the serial counting up. */
export function sentValues(fields: readonly ExchangeField[], typed: Readonly<Record<string, string>>, defaults: Readonly<Record<string, string>>, serial: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of exchangeBoxes(fields)) values[field.id] = field.kind === 'serial' ? serial : (typed[field.id] ?? defaults[field.id] ?? '');
  return values;
}

/** The serial after one was sent ('' stays ''). */
export const serialAfter = (serial: string): string => (/^\d+$/.test(serial) ? String(Number(serial) + 1) : serial);

/** The contact as typed so far, for the check before Enter; null until the call and frequency are usable. */
export function contestCandidate(call: string, freqMhz: string, mode: string, received: Readonly<Record<string, string>>) {
  const normalized = normalizeCall(call);
  const khz = mhzToKhz(freqMhz);
  if (!isValidCall(normalized) || khz === null || !mode) return null;
  const filled = Object.fromEntries(Object.entries(received).filter(([, value]) => value !== ''));
  return { call: normalized, freq_khz: khz, mode, received: filled };
}

export type ContestFlag = { tone: 'danger' | 'success' | 'muted'; text: string };

/** What the check says before Enter, most important first. */
export function contestFlags(answer: ContestCheckAnswer): ContestFlag[] {
  if (answer.dupe) return [{ tone: 'danger', text: `Dupe: ${answer.problem ?? 'worked before'}` }];
  const flags: ContestFlag[] = answer.new_multipliers.map((hit) => ({ tone: 'success', text: `New multiplier: ${hit}` }));
  if (!answer.counts) flags.push({ tone: 'danger', text: answer.problem ?? 'Does not count' });
  else flags.push({ tone: 'muted', text: `${answer.points} ${answer.points === 1 ? 'point' : 'points'}` });
  return flags;
}

const number = new Intl.NumberFormat('en');

/** 'Score 1,234 = 123 points × 10 multipliers (45 QSOs)'. */
export function scoreText(score: ScoreFigures): string {
  return `${number.format(score.score)} = ${number.format(score.points)} points × ${number.format(score.multipliers)} multipliers (${number.format(score.qsos)} QSOs)`;
}
