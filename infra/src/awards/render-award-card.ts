import sharp from 'sharp';
import { inCostlySlot } from '../runtime/thread-pool';
import { awardCardSvg, type AwardCard } from './award-card-svg';

/** Bump when the card's look changes, so caches keyed by the ETag fetch the new one. */
export const AWARD_CARD_DESIGN = 1;

/** The award card as a PNG `width` pixels wide (its height keeps the 3:2 shape). */
export function renderAwardCardPng(card: AwardCard, width: number): Promise<Buffer> {
  return inCostlySlot(() => sharp(Buffer.from(awardCardSvg(card))).resize({ width }).png({ compressionLevel: 8 }).toBuffer());
}
