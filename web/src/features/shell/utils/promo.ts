/** utm_source values that get a welcome banner, and whom each greets. */
export const PROMO_SOURCES = {
  tt: 'TikTok',
  fb: 'Facebook',
  yt: 'YouTube',
  in: 'Instagram',
  tw: 'Twitter',
  qrz: 'QRZ',
} as const;

export type PromoSource = keyof typeof PROMO_SOURCES;

/** The greeting for a utm_source, e.g. 'Welcome TikTok users!', or null for other sources. */
export function promoGreeting(utmSource: string | null | undefined): string | null {
  const key = utmSource?.trim().toLowerCase();
  if (!key || !Object.hasOwn(PROMO_SOURCES, key)) return null;
  return `Welcome ${PROMO_SOURCES[key as PromoSource]} users!`;
}
