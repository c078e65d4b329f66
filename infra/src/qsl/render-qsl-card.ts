import sharp from 'sharp';
import type { Qso } from '@hamlog/domain';
import { qslCardSvg } from './qsl-card-svg';

/** Bump when the card's look changes, so caches keyed by the ETag fetch the new one. */
export const QSL_CARD_DESIGN = 1;

/** The QSL card as a PNG (1200 × 630). */
export function renderQslCardPng(qso: Qso): Promise<Buffer> {
  return sharp(Buffer.from(qslCardSvg(qso))).png({ compressionLevel: 8 }).toBuffer();
}
