/** The key as shown while hidden: dots, with the last four characters to tell keys apart. */
export function maskApiKey(key: string): string {
  if (!key) return '';
  const visible = key.length > 8 ? key.slice(-4) : '';
  return `${'•'.repeat(Math.max(8, Math.min(24, key.length - visible.length)))}${visible}`;
}
