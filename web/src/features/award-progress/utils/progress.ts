import type { AwardCard, AwardTally } from '@hamlog/domain/award-tracking/api';
import { SERVICE_NAMES, type ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { formatCount } from '@/components/charts/series';

type Counted = Pick<AwardCard, 'basis'>;

/** What a credit is called: QSL awards are 'confirmed'; log-based ones (POTA, SOTA, WWFF) are 'credited'. */
export function creditWord(card: Counted): 'confirmed' | 'credited' {
  return card.basis === 'qsl' ? 'confirmed' : 'credited';
}

/**
 * What the progress bar measures against: the basic award's goal until it is reached, then the
 * total there is to work; null for open-ended awards without a goal.
 */
export function progressTarget(card: Pick<AwardCard, 'goal' | 'total' | 'confirmed'>): { of: number; kind: 'goal' | 'total' } | null {
  if (card.goal !== null && (card.total === null || card.confirmed < card.goal)) return { of: card.goal, kind: 'goal' };
  if (card.total !== null) return { of: card.total, kind: 'total' };
  return null;
}

/** A share as a width: 0 to 100. */
export function percentOf(count: number, of: number): number {
  if (of <= 0) return 0;
  return Math.min(100, Math.max(0, (count / of) * 100));
}

/** 'entity' or 'entities', by count. */
export function unitFor(card: Pick<AwardCard, 'unit'>, count: number): string {
  return count === 1 ? card.unit[0] : card.unit[1];
}

/** A tally read out: 'CW: 120 worked, 98 confirmed, goal 100'. */
export function tallyText(tally: AwardTally, card: Counted): string {
  const goal = tally.goal === null ? '' : `, goal ${formatCount(tally.goal)}`;
  return `${tally.label}: ${formatCount(tally.worked)} worked, ${formatCount(tally.confirmed)} ${creditWord(card)}${goal}`;
}

/** 'LoTW, eQSL and Paper card'. */
export function serviceList(services: readonly ConfirmationService[]): string {
  const names = services.map((service) => SERVICE_NAMES[service]);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** '3 QSOs' or '1 QSO'. */
export function qsoCount(n: number): string {
  return `${formatCount(n)} QSO${n === 1 ? '' : 's'}`;
}
