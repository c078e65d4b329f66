import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import type { DeletedQsosAnswer } from '@/types/api';
import { khzToMhz } from '@/utils/frequency';
import { modeLabel } from '@/utils/qso-format';
import { formatUtcMinute } from '@/utils/time';
import { DELETED_QSOS_PAGE_SIZE, useDeletedQsos } from '../api/get-deleted-qsos';
import { useRestoreQso } from '../api/restore-qso';
import './qso-page.css';

export const DELETED_QSOS_EMPTY = 'No deleted QSOs.';
export const DELETED_QSOS_FAILED = 'Failed to load deleted QSOs.';

export interface DeletedQsosTableProps {
  answer: DeletedQsosAnswer;
  onRestore: (qdoId: string) => void;
  /** The QSO being restored right now, if any. */
  restoring?: string | null;
}

/** The caller's deleted QSOs, newest deletion first, each with Restore. */
export function DeletedQsosTable({ answer, onRestore, restoring = null }: DeletedQsosTableProps) {
  if (answer.qsos.length === 0) return <p>{DELETED_QSOS_EMPTY}</p>;
  return (
    <div className="table-scroll" role="region" aria-label="Deleted QSOs" tabIndex={0}>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
            <th scope="col">Deleted (UTC)</th>
            <th scope="col">Time (UTC)</th>
            <th scope="col">Call</th>
            <th scope="col">Band</th>
            <th scope="col">Mode</th>
            <th scope="col" className="num">Freq (MHz)</th>
          </tr>
        </thead>
        <tbody>
          {answer.qsos.map((q) => (
            <tr key={q.qdo_id}>
              <td>
                <button type="button" className="btn btn-secondary" onClick={() => onRestore(q.qdo_id)} disabled={restoring !== null}>
                  {restoring === q.qdo_id ? 'Restoring…' : 'Restore'}
                  <span className="sr-only"> {q.Call}</span>
                </button>
              </td>
              <td>{formatUtcMinute(q.deleted_at)}</td>
              <td>
                <Link to={`/qso/${encodeURIComponent(q.qdo_id)}`}>{formatUtcMinute(q.TS)}</Link>
              </td>
              <td>{q.Call}</td>
              <td>{q.Band}</td>
              <td>{modeLabel(q.Mode, q.SubMode)}</td>
              <td className="num">{khzToMhz(q.Freq)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DeletedQsos() {
  const [page, setPage] = useState(1);
  const list = useDeletedQsos(page);
  const restore = useRestoreQso();
  if (list.isPending) return <Loading />;
  if (list.isError) return <Notice tone="error">{DELETED_QSOS_FAILED}</Notice>;
  const pages = Math.max(1, Math.ceil(list.data.total / DELETED_QSOS_PAGE_SIZE));
  return (
    <div className="deleted-qsos">
      {restore.isError ? <Notice tone="error">Restoring failed. Please try again.</Notice> : null}
      <DeletedQsosTable answer={list.data} onRestore={(qdoId) => restore.mutate({ qdo_id: qdoId })} restoring={restore.isPending ? (restore.variables?.qdo_id ?? null) : null} />
      {pages > 1 ? (
        <nav className="pager" aria-label="Pages of deleted QSOs">
          <button type="button" className="btn btn-secondary" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            PREV
          </button>
          <p className="pager-label">
            Page {page} of {pages} ({list.data.total} Qs)
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            NEXT
          </button>
        </nav>
      ) : null}
    </div>
  );
}
