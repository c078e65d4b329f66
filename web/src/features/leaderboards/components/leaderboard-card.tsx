import { Link } from 'react-router-dom';
import type { LeaderboardEntry } from '@hamlog/domain/community/api-shapes';
import { LOADING_FEED } from '@hamlog/domain/messages';
import { FrequencyText } from '@/components/ui/frequency-text';
import { MESSAGES } from '@/config/messages';
import { stationPath } from '@/utils/qso-format';
import { entrySubject, isBoardShown, isViewer, type Board } from '../utils/boards';

/** The top three's medals: drawn in CSS (no emoji font needed), named for screen readers. */
const MEDALS = ['Gold medal', 'Silver medal', 'Bronze medal'] as const;

function Rank({ index }: { index: number }) {
  const medal = MEDALS[index];
  if (!medal) return <span className="leaderboard-rank">{index + 1}</span>;
  return (
    <span className="leaderboard-rank">
      <span className={`medal medal-${index + 1}`} role="img" aria-label={medal}>
        {index + 1}
      </span>
    </span>
  );
}

function EntryDetails({ entry }: { entry: LeaderboardEntry }) {
  const parts = [entry.band, entry.mode].filter((part): part is string => Boolean(part));
  if (parts.length === 0 && entry.freq === undefined) return null;
  return (
    <span className="leaderboard-details">
      {parts.join(' ')}
      {entry.freq !== undefined ? <> <FrequencyText khz={entry.freq} masked={entry.freq === null} /></> : null}
    </span>
  );
}

/**
 * One leaderboard: medals for the top three, the viewer's own callsign marked YOU, each entry
 * linking to its station page; 'Loading feed...' while the list is empty.
 */
export function LeaderboardCard({
  board,
  entries,
  viewerCallsign,
  headingLevel = 3,
}: {
  board: Board;
  entries: readonly LeaderboardEntry[];
  viewerCallsign: string | null;
  headingLevel?: 2 | 3;
}) {
  if (!isBoardShown(board, entries)) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `board-${board.list}`;
  return (
    <section className="leaderboard" aria-labelledby={headingId}>
      <Heading id={headingId} className="leaderboard-title">
        {board.title}
      </Heading>
      {entries.length === 0 ? (
        <p className="muted">{LOADING_FEED}</p>
      ) : (
        <ol className="leaderboard-list">
          {entries.map((entry, index) => {
            const callsign = entrySubject(board, entry);
            const you = isViewer(callsign, viewerCallsign);
            return (
              <li key={`${callsign}-${index}`} className={you ? 'leaderboard-entry leaderboard-you' : 'leaderboard-entry'}>
                <Rank index={index} />
                <span className="leaderboard-who">
                  <Link to={stationPath(callsign)} className="leaderboard-call">
                    {callsign}
                  </Link>
                  {you ? <span className="badge badge-you">{MESSAGES.you}</span> : null}
                  <EntryDetails entry={entry} />
                </span>
                <span className="leaderboard-count">
                  {entry.count}
                  <span className="sr-only"> QSOs</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
