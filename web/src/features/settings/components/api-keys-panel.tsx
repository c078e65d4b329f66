import { useState } from 'react';
import { MESSAGES } from '@/config/messages';
import { isApiError } from '@/lib/api-client';
import { alertUser, confirmUser } from '@/lib/dialogs';
import { newRequestId } from '@/lib/request-id';
import { useApiKeys, useCreateReadOnlyKey, useDeleteReadOnlyKey, type ApiKeyEntry } from '../api/api-keys';
import { maskApiKey } from '../utils/api-key-mask';
import './api-keys-panel.css';

const RIGHTS: Record<ApiKeyEntry['rights'], string> = { rw: 'Read and write', r: 'Read only' };

/** The day a key was made, as the user reads it (UTC, like every time in the log). */
const day = (iso: string) => iso.slice(0, 10);

function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

function KeyRow({ entry, fresh, onDelete, deleting }: { entry: ApiKeyEntry; fresh: boolean; onDelete: () => void; deleting: boolean }) {
  const [shown, setShown] = useState(fresh);
  const rights = <span className={`api-keys-rights api-keys-rights-${entry.rights}`}>{RIGHTS[entry.rights]}</span>;
  // The read-write key is shown (and renewed) above: here only what it may do.
  if (entry.rights === 'rw') {
    return (
      <li className="api-keys-item">
        <div className="api-keys-meta">
          {rights}
          <span className="field-hint">The API key above, for logging programs (QSOs and your rig).</span>
        </div>
      </li>
    );
  }
  const name = `the read-only key made ${entry.created_at ? day(entry.created_at) : ''}`.trim();
  return (
    <li className="api-keys-item">
      <div className="api-keys-meta">
        {rights}
        {entry.created_at ? <span className="field-hint">Made {day(entry.created_at)} (UTC)</span> : null}
      </div>
      <div className="api-key-row">
        <code className="api-key-value">{shown ? entry.api_key : maskApiKey(entry.api_key)}</code>
        <button type="button" className="btn btn-secondary" aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} ${name}`} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </button>
        <button type="button" className="btn btn-danger" aria-label={`Delete ${name}`} onClick={onDelete} disabled={deleting}>
          Delete
        </button>
      </div>
    </li>
  );
}

/**
 * The account's API keys with their rights (decision 0036): the read-write key logging apps use
 * (renewed above, never deleted) and read-only keys for apps and websites that only read the log.
 */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const create = useCreateReadOnlyKey();
  const remove = useDeleteReadOnlyKey();
  // A create that failed is sent again with the same id, so it never makes two keys.
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [freshId, setFreshId] = useState<string | null>(null);

  function createKey() {
    const keyId = pendingId ?? newRequestId();
    setPendingId(keyId);
    create.mutate(keyId, {
      onSuccess: () => {
        setPendingId(null);
        setFreshId(keyId);
      },
      onError: (error) => alertUser(errorText(error, MESSAGES.readOnlyKeyCreateFailed)),
    });
  }

  async function deleteKey(keyId: string) {
    if (!(await confirmUser(MESSAGES.confirmDeleteReadOnlyKey))) return;
    remove.mutate(keyId, { onError: (error) => alertUser(errorText(error, MESSAGES.readOnlyKeyDeleteFailed)) });
  }

  const entries = keys.data?.api_keys ?? [{ key_id: 'main', api_key: '', rights: 'rw' as const, created_at: null }];
  const readOnly = entries.filter((entry) => entry.rights === 'r');
  return (
    <section className="form api-keys" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading">API keys and their rights</h2>
      <p className="field-hint">
        Logging programs need the read-write key. Give apps and websites that only show your log (station list, statistics, worked-before checks) a read-only key: it cannot log or change anything.
      </p>
      <ul className="api-keys-list">
        {entries.map((entry) => (
          <KeyRow key={entry.key_id} entry={entry} fresh={entry.key_id === freshId} onDelete={() => void deleteKey(entry.key_id)} deleting={remove.isPending} />
        ))}
      </ul>
      {keys.isError ? <p className="field-hint">{errorText(keys.error, 'Your read-only keys could not be loaded.')}</p> : null}
      {keys.isSuccess && readOnly.length === 0 ? <p className="field-hint">No read-only keys yet.</p> : null}
      {freshId ? (
        <p className="field-hint" role="status">
          New read-only key made: enter it in the app or website.
        </p>
      ) : null}
      <div className="api-key-row">
        <button type="button" className="btn btn-primary" onClick={createKey} disabled={create.isPending}>
          Create read-only key
        </button>
      </div>
    </section>
  );
}
