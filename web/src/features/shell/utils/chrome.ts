/**
 * Pages shown without the header (and the icon bar): the leaderboards, the globes, the
 * landers and the megastream board, which are made to be embedded or shown full screen.
 */
const HEADERLESS = [/^\/leaderboards\/?$/, /^\/globe2?\/?$/, /^\/earth-noheader\/?$/, /^\/lander(\/|$)/, /^\/megastream/];

export function isHeaderHidden(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return HEADERLESS.some((rule) => rule.test(path));
}
