/**
 * A string as an SQL literal: what the driver's escapeLiteral answers, with native replaces instead
 * of its character loop (event bodies are long and an append quotes every one).
 */
export function quoteLiteral(text: string): string {
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}
