import sharp from 'sharp';
import type { Qso } from '@hamlog/domain';
import { inCostlySlot } from '../runtime/thread-pool';
import { qslCardSvg } from './qsl-card-svg';

/** Bump when the card's look changes, so caches keyed by the ETag fetch the new one. */
export const QSL_CARD_DESIGN = 1;

/** The QSL card as a PNG (1200 × 630). */
export function renderQslCardPng(qso: Qso): Promise<Buffer> {
  return inCostlySlot(() => sharp(Buffer.from(qslCardSvg(qso))).png({ compressionLevel: 8 }).toBuffer());
}
