import { useRef, useState } from 'react';
import { FigureTiles } from '@/components/ui/figure-tiles';
import { isApiError } from '@/lib/api-client';
import { confirmUser } from '@/lib/dialogs';
import { isSyncBusy, useDisconnectService, useSyncService, type ServiceState } from '../api/services';
import { connectionFields } from '../utils/connection-form';
import { countFigures, statusBadge, statusWords } from '../utils/service-status';
import { ConnectForm } from './connect-form';
import { ServiceRejections } from './service-rejections';

type Note = { tone: 'status' | 'alert'; text: string } | null;

const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

/**
 * One service in Settings: connected or not, its sync in words, what the last sync did, its
 * figures and refused QSOs; Sync now, Change details and Disconnect, or the connect form.
 */
export function ServiceCard({ state, now }: { state: ServiceState; now: Date }) {
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const sync = useSyncService();
  const disconnect = useDisconnectService();
  const opener = useRef<HTMLButtonElement>(null);
  const headingId = `service-${state.service}`;
  const busy = isSyncBusy(state);
  const stopped = state.status === 'stopped';
  const badge = statusBadge(state.status);
  const shownSettings = connectionFields(state).filter((f) => !f.secret && state.settings[f.name]);

  const closeForm = (message?: string) => {
    setEditing(false);
    if (message) setNote({ tone: 'status', text: message });
    // Back to the button that opened the form (it is drawn again on the next frame).
    requestAnimationFrame(() => opener.current?.focus());
  };

  function syncNow() {
    setNote(null);
    sync.mutate(state.service, { onError: (error) => setNote({ tone: 'alert', text: errorText(error, `${state.name} could not be synced; please try again.`) }) });
  }

  async function disconnectNow() {
    setNote(null);
    const sure = await confirmUser(`Disconnect ${state.name}? HamLog forgets the details you gave and sends nothing more; QSOs already there stay there.`);
    if (!sure) return;
    disconnect.mutate(state.service, {
      onSuccess: () => setNote({ tone: 'status', text: `${state.name} disconnected.` }),
      onError: (error) => setNote({ tone: 'alert', text: errorText(error, `${state.name} could not be disconnected; please try again.`) }),
    });
  }

  return (
    <section className={`service-card service-${state.status}`} aria-labelledby={headingId}>
      <header className="service-card-head">
        <h3 id={headingId}>{state.name}</h3>
        <span className={`badge ${badge.tone}`}>{badge.label}</span>
      </header>

      {state.connected ? (
        <>
          <p className="service-status">{statusWords(state, now)}</p>
          {state.last_result ? <p className="service-result">Last sync: {state.last_result}</p> : null}
          <FigureTiles label={`${state.name} figures`} figures={countFigures(state)} className="service-counts" />
          <p className="field-hint">
            {state.auto_sync ? 'New QSOs are sent automatically.' : 'New QSOs are sent when you press Sync now.'}
            {shownSettings.map((f) => ` ${f.label}: ${state.settings[f.name]}.`).join('')}
          </p>
          <ServiceRejections state={state} />
        </>
      ) : (
        <p className="field-hint">Connect it and HamLog sends your QSOs there and brings its confirmations back.</p>
      )}

      {note ? (
        <p className={note.tone === 'alert' ? 'field-error' : 'field-hint'} role={note.tone}>
          {note.text}
        </p>
      ) : null}

      {editing ? (
        <ConnectForm state={state} onDone={(message) => closeForm(message)} onCancel={() => closeForm()} />
      ) : (
        <div className="form-actions">
          {state.connected ? (
            <>
              <button type="button" className={stopped ? 'btn btn-secondary' : 'btn btn-primary'} onClick={syncNow} disabled={busy || sync.isPending}>
                Sync now
              </button>
              {/* Stopped, the way on is new details: that button leads. */}
              <button type="button" ref={opener} className={stopped ? 'btn btn-primary' : 'btn btn-secondary'} onClick={() => setEditing(true)}>
                Change details
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void disconnectNow()} disabled={disconnect.isPending}>
                Disconnect
              </button>
            </>
          ) : (
            <button type="button" ref={opener} className="btn btn-primary" onClick={() => setEditing(true)}>
              Connect {state.name}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
