import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { isApiError } from '@/lib/api-client';
import { alertUser } from '@/lib/dialogs';
import { useMarkQslCards } from '../api/mark-qsl-cards';
import type { PageSelection } from '../hooks/use-page-selection';
import { markedMessage, QSL_CARD_BUTTONS, qslCardsRequest, utcToday, VIA_OPTIONS, type QslCardMark } from '../utils/qsl-card-marks';
import { SelectBox } from './select-box';

const failure = (error: unknown) => {
  const first = isApiError(error) && error.errors ? Object.values(error.errors).flat()[0] : undefined;
  return first ?? (isApiError(error) && error.message ? error.message : 'The cards could not be marked; please try again.');
};

/**
 * Paper QSL cards of the chosen QSOs: sent, queued (the QSL queue) or received, on a day (today
 * unless changed) and by bureau or direct. In the QSL queue 'Mark card sent' comes first. On a
 * phone the page's own box is here (the table has it in its header).
 */
export function QslCardActions({ selection, pageSize, queue, withPageBox }: { selection: PageSelection; pageSize: number; queue: boolean; withPageBox: boolean }) {
  const [date, setDate] = useState(utcToday);
  const [via, setVia] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mark = useMarkQslCards();
  const chosen = selection.ids.length;
  const buttons = queue ? QSL_CARD_BUTTONS.filter((b) => b.mark !== 'queued') : QSL_CARD_BUTTONS;

  function run(what: QslCardMark) {
    setProblem(null);
    const ids = selection.ids;
    mark.mutate(qslCardsRequest(what, ids, date, via), {
      onSuccess: (answer) => {
        selection.clear();
        alertUser(markedMessage(what, answer?.changed ?? 0, ids.length));
      },
      onError: (error) => setProblem(failure(error)),
    });
  }

  return (
    <section className={chosen > 0 ? 'qsl-actions is-active' : 'qsl-actions'} aria-label="Paper QSL cards">
      <div className="qsl-actions-head">
        {withPageBox ? (
          <SelectBox label="Select this page" checked={selection.page === 'all'} mixed={selection.page === 'some'} onChange={selection.togglePage}>
            Select this page
          </SelectBox>
        ) : null}
        <p className="qsl-actions-count" aria-live="polite">
          {chosen > 0 ? `${chosen} of ${pageSize} selected` : queue ? 'Select the cards you sent, then Mark card sent.' : 'Select QSOs to mark their paper QSL cards.'}
        </p>
        {chosen > 0 ? (
          <button type="button" className="btn btn-link btn-small" onClick={selection.clear}>
            Clear selection
          </button>
        ) : null}
      </div>
      {chosen > 0 ? (
        <div className="qsl-actions-body">
          <Field label="Card date" type="date" className="qsl-actions-date" value={date} onChange={(e) => setDate(e.target.value)} />
          <SelectField label="Via" className="qsl-actions-via" options={VIA_OPTIONS} value={via} onChange={(e) => setVia(e.target.value)} />
          <div className="qsl-actions-buttons">
            {buttons.map((b, i) => (
              <button key={b.mark} type="button" className={i === 0 ? 'btn btn-primary' : 'btn btn-secondary'} disabled={mark.isPending} onClick={() => run(b.mark)}>
                {b.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
