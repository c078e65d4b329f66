import { VERDICT_TEXT } from '@hamlog/domain/contests/rules/api';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { useContestChecks } from '../api/get-contest-checks';

export const NO_PROBLEMS_YET = 'Every contact checked so far is in the other station’s log, with the exchange it sent.';
const CHECKS_LOAD_FAILED = 'Could not load the checks. Trying again shortly.';

/** For the contest's organiser: each station's contacts the cross-check did not confirm, with why. */
export function ContestChecks({ contestId }: { contestId: string }) {
  const checks = useContestChecks(contestId);
  if (checks.isPending) return <Loading />;
  return (
    <section className="contest-checks" aria-labelledby="contest-checks-heading">
      <h2 id="contest-checks-heading">Problems by station</h2>
      {checks.isError ? <Notice tone="error">{CHECKS_LOAD_FAILED}</Notice> : null}
      {checks.data && checks.data.stations.length === 0 ? <p className="empty">{NO_PROBLEMS_YET}</p> : null}
      {checks.data?.stations.map((station) => (
        <details key={station.my_callsign} className="contest-checks-station">
          <summary>
            <span className="call">{station.my_callsign}</span>: {station.problems.length} contact{station.problems.length === 1 ? '' : 's'}
          </summary>
          <ul>
            {station.problems.map((problem) => (
              <li key={problem.qdo_id}>
                {problem.ts.slice(0, 10)} {problem.ts.slice(11, 16)} {problem.band} {problem.mode} {problem.call}: <strong>{VERDICT_TEXT[problem.verdict]}</strong>, {problem.reason}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
