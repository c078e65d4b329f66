/** What the last action said: shown above the jobs list. */
export interface ExportOutcome {
  tone: 'success' | 'error';
  text: string;
}
