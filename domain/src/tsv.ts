/** Reads a tab-separated table with a header line into records keyed by the header's column names. */
export function parseTsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines.shift() ?? '').split('\t').map((h) => h.trim());
  return lines.map((line) => {
    const cells = line.split('\t');
    const row: Record<string, string> = {};
    header.forEach((name, i) => {
      row[name] = (cells[i] ?? '').trim();
    });
    return row;
  });
}
