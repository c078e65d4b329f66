import type { QsoHistoryEntry } from '@/types/api';
import { changeText, entryTime, newestFirst } from '../utils/history-text';

/** Every event of the QSO's life, newest first (shown to its owner only). */
export function QsoHistoryList({ entries }: { entries: QsoHistoryEntry[] }) {
  return (
    <section className="qso-section" aria-labelledby="qso-history">
      <h2 id="qso-history">Edit history</h2>
      <ol className="qso-history">
        {newestFirst(entries).map((entry) => (
          <li key={entry.position}>
            <time dateTime={entry.at}>{entryTime(entry)}</time> <strong>{entry.label}</strong>
            {entry.changes.length > 0 ? (
              <ul className="qso-history-changes">
                {entry.changes.map((change) => (
                  <li key={change.field}>{changeText(change)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
