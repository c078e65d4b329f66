/**
 * '?a=1&b=x' of the parameters that have a value ('' and null are left out), each value escaped
 * but its commas kept, so `sources=lotw,paper` reads as the API documents it.
 */
export function queryString(params: Readonly<Record<string, string | number | null | undefined>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    const text = String(value).split(',').map(encodeURIComponent).join(',');
    parts.push(`${encodeURIComponent(name)}=${text}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
