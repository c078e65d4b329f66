/** The result line of the last photo action, shown above the list. */
export interface PhotoOutcome {
  tone: 'success' | 'error';
  text: string;
}
