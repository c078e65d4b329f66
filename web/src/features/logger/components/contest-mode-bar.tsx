import type { ContestMode } from '../hooks/use-contest-mode';
import { contestFlags, exchangeBoxes, scoreText } from '../utils/contest-mode';
import { ExchangeBox } from './exchange-box';

/**
 * Contest mode's picker and, while a contest is chosen, what goes out with the next contact, what
 * the check says of the one being typed (dupe, new multiplier, points) and the live rate and score.
 */
export function ContestModeBar({ contest }: { contest: ContestMode }) {
  const { contestId, offered, setup, figures } = contest;
  if (offered.length === 0 && contestId === null) return null;
  const flags = contest.checkAnswer ? contestFlags(contest.checkAnswer) : [];
  return (
    <section className={`contest-mode${contestId ? ' on' : ''}`} aria-label="Contest logging">
      <div className="field contest-pick">
        <label htmlFor="contest-mode">Contest mode</label>
        <select id="contest-mode" value={contestId ?? ''} onChange={(e) => contest.choose(e.target.value || null)}>
          <option value="">Off</option>
          {offered.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {contestId && contest.loading ? <p className="contest-note">Loading the contest…</p> : null}
      {contestId && contest.failed ? (
        <p className="contest-note error" role="alert">
          This contest cannot be logged in contest mode: it has no contest rules, or it could not be loaded.
        </p>
      ) : null}
      {setup ? (
        <>
          <div className="contest-sent">
            {exchangeBoxes(contest.sentFields).map((field) => (
              <ExchangeBox
                key={field.id}
                field={field}
                id={`sent-${field.id}`}
                label={`Sent ${field.label}`}
                className="contest-box"
                value={contest.sent[field.id] ?? ''}
                onChange={(value) => contest.setSent(field.id, value, field.kind === 'serial')}
              />
            ))}
          </div>
          {figures ? (
            <dl className="contest-figures" aria-label="Contest figures">
              <div>
                <dt>Rate</dt>
                <dd>
                  {figures.rate_10} in 10 min · {figures.rate_60} in 60 min
                </dd>
              </div>
              <div>
                <dt>Claimed score</dt>
                <dd>{scoreText(figures.score)}</dd>
              </div>
            </dl>
          ) : null}
          <div className="contest-flags" role="status" aria-live="polite" aria-label="Before Enter">
            <ul>
              {flags.map((flag) => (
                <li key={flag.text} className={`contest-flag ${flag.tone}`}>
                  {flag.text}
                </li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
    </section>
  );
}
