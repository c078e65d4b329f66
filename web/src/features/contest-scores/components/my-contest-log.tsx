import { useState } from 'react';
import { cabrilloFileName, CATEGORY_FIELDS, VERDICT_TEXT, verdictCounts, type ContestLogAnswer } from '@hamlog/domain/contests/rules/api';
import type { StationCategory } from '@hamlog/domain/contests/rules/rules';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Loading } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { getCabrillo, useContestLog } from '../api/get-contest-log';
import { useSetContestCategory } from '../api/set-contest-category';
import { CATEGORY_LABELS } from '../utils/category';

export const CABRILLO_FAILED = 'The Cabrillo log could not be made. Please try again.';

/** What the cross-check found, in words: 'OK', 'NIL: K1ABC's log has no contact …'; '–' before the board's first check. */
export function checkText(check: ContestLogAnswer['qsos'][number]['check']): string {
  if (!check) return '–';
  if (check.verdict === 'ok') return VERDICT_TEXT.ok;
  return `${VERDICT_TEXT[check.verdict]}: ${check.reason}`;
}

const time = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
const exchange = (values: Record<string, string>) => Object.values(values).join(' ');

/** What the score is made of, in a line: '5 QSOs, 11 points × 9 multipliers (Zones 4, Countries 5)'. */
function scoreText(score: ContestLogAnswer['score']): string {
  const multipliers = score.multipliers.map((m) => `${m.label} ${m.total}`).join(', ');
  const made = score.multipliers.length > 0 ? `${score.points} points × ${score.multiplierTotal} multipliers (${multipliers})` : `${score.points} points`;
  return `${score.qsos} QSOs${score.dupes > 0 ? ` (${score.dupes} dupes)` : ''}, ${made}`;
}

/**
 * The signed-in station's own log in a contest of real rules: its category (which decides the
 * off-time rule and Field Day's power multiplier), the claimed score, each contact's points, new
 * multipliers or why it does not count, and the log as a Cabrillo file for the sponsor.
 */
export function MyContestLog({ contestId }: { contestId: string }) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const log = useContestLog(contestId, true);
  const choose = useSetContestCategory(contestId);

  if (log.isPending) return <Loading />;
  if (log.isError) {
    return <Notice tone="error">{isApiError(log.error) && log.error.status < 500 && log.error.message ? log.error.message : 'Could not load your log. Please try again.'}</Notice>;
  }
  const answer = log.data;
  // The choice on screen at once; the log and board follow when the server has it.
  const category: StationCategory = choose.isPending && choose.variables ? choose.variables : answer.station.category;

  async function download() {
    setDownloadError(null);
    setDownloading(true);
    try {
      saveFile(await getCabrillo(contestId), cabrilloFileName(answer.station.call, answer.rules.cabrillo_name, answer.contest.starts_at));
    } catch (err) {
      setDownloadError(isApiError(err) && err.status < 500 && err.message ? err.message : CABRILLO_FAILED);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="contest-log" aria-labelledby="contest-log-heading" aria-busy={log.isFetching}>
      <h2 id="contest-log-heading">Your log by {answer.rules.name} rules</h2>
      <p className="contest-log-score">
        Claimed score <strong>{answer.score.score.toLocaleString('en-US')}</strong>: {scoreText(answer.score)}.
        {answer.left_out > 0 ? ` ${answer.left_out} QSO${answer.left_out === 1 ? '' : 's'} on other bands or modes left out.` : ''}
      </p>
      <fieldset className="fieldset">
        <legend>Your category</legend>
        {choose.isError ? <Notice tone="error">{isApiError(choose.error) && choose.error.status < 500 && choose.error.message ? choose.error.message : 'Your category could not be saved. Please try again.'}</Notice> : null}
        <div className="form-grid contest-log-category">
          {CATEGORY_FIELDS.filter((field) => answer.rules.categories[field].length > (field === 'overlay' ? 0 : 1)).map((field) => (
            <SelectField
              key={field}
              label={CATEGORY_LABELS[field]}
              name={field}
              value={category[field]}
              options={[...(field === 'overlay' ? [{ value: '', label: 'None' }] : []), ...answer.rules.categories[field].map((value) => ({ value, label: value }))]}
              onChange={(e) => choose.mutate({ ...category, [field]: e.target.value })}
            />
          ))}
        </div>
      </fieldset>
      <p className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => void download()} disabled={downloading || choose.isPending || answer.qsos.length === 0}>
          Download Cabrillo
        </button>
      </p>
      {downloadError ? <Notice tone="error">{downloadError}</Notice> : null}
      {answer.qsos.length === 0 ? (
        <p className="empty-state">No QSOs of yours in this contest yet. Log or import them and they are scored here.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Your QSOs table" tabIndex={0}>
          <table className="table contest-log-table">
            <caption className="sr-only">Your QSOs in the contest</caption>
            <thead>
              <tr>
                <th scope="col">UTC</th>
                <th scope="col">Band</th>
                <th scope="col">Mode</th>
                <th scope="col">Call</th>
                <th scope="col">Sent</th>
                <th scope="col">Received</th>
                <th scope="col" className="num">Points</th>
                <th scope="col">Multipliers or problem</th>
                <th scope="col">Checked</th>
              </tr>
            </thead>
            <tbody>
              {answer.qsos.map((qso) => (
                <tr key={qso.qdo_id} className={qso.counts ? undefined : 'contest-log-refused'}>
                  <td className="contest-log-time">{time(qso.ts)}</td>
                  <td>{qso.band}</td>
                  <td>{qso.mode}</td>
                  <td className="call">{qso.call}</td>
                  <td>{exchange(qso.sent)}</td>
                  <td>{exchange(qso.received)}</td>
                  <td className="num">{qso.counts ? qso.points : '–'}</td>
                  <td>{qso.problem ?? (qso.new_multipliers.length > 0 ? <span className="contest-log-new">New: {qso.new_multipliers.join(', ')}</span> : '')}</td>
                  <td className={qso.check && !verdictCounts(qso.check.verdict) ? 'contest-log-busted' : undefined}>{checkText(qso.check)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
