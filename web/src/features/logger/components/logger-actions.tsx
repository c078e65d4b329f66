import { NETWORK_ERROR } from '@hamlog/domain/messages';

/** Log, or in edit mode Save Changes, Cancel Edit and Delete QSO; the network-error retry button. */
export function LoggerActions({
  editing,
  busy,
  networkError,
  onCancelEdit,
  onDelete,
  onRetry,
}: {
  editing: boolean;
  busy: boolean;
  networkError: boolean;
  onCancelEdit: () => void;
  onDelete: () => void;
  onRetry: () => void;
}) {
  return (
    <div className="form-actions logger-actions">
      {editing ? (
        <>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save Changes
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancelEdit} disabled={busy}>
            Cancel Edit
          </button>
          <button type="button" className="btn btn-danger" onClick={onDelete} disabled={busy}>
            Delete QSO
          </button>
        </>
      ) : (
        <button type="submit" className="btn btn-primary btn-log" disabled={busy}>
          Log
        </button>
      )}
      {networkError ? (
        <button type="button" className="btn btn-warning" onClick={onRetry} disabled={busy}>
          <span aria-hidden="true">⚠</span>
          {NETWORK_ERROR}
        </button>
      ) : null}
    </div>
  );
}
