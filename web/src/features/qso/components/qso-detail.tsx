import { useEffect } from 'react';
import { QSO_LOAD_FAILED } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { useDocumentTitle } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { alertUser } from '@/lib/dialogs';
import { useSession } from '@/lib/session';
import { useFullQso } from '../api/get-full-qso';
import { useQsoHistory } from '../api/get-qso-history';
import { useRestoreQso } from '../api/restore-qso';
import { BackOrHome } from './back-or-home';
import { qsoHeading, QsoView } from './qso-view';
import './qso-page.css';

/**
 * The page of one QSO. Anyone sees a live QSO; its owner also sees its history, and a deleted
 * QSO (with Restore) that is 'Error loading QSO' for everyone else.
 */
export function QsoDetail({ qdoId }: { qdoId: string }) {
  const signedIn = useSession() !== null;
  const full = useFullQso(qdoId);
  const owner = useQsoHistory(qdoId, signedIn);
  const restore = useRestoreQso();

  // The public answer wins; the owner's history stands in when it is missing (deleted, or not yet in the read model).
  const qso = full.data ?? owner.data?.qso;
  const deleted = !full.data && owner.data?.deleted === true;
  const waiting = full.isPending || (full.isError && signedIn && owner.isPending);
  const failed = !waiting && !qso;
  useDocumentTitle(qso ? qsoHeading(qso) : null);

  useEffect(() => {
    if (failed) alertUser(QSO_LOAD_FAILED);
  }, [failed]);

  if (waiting) return <Loading />;
  if (!qso) {
    return (
      <section className="page page-narrow">
        <Notice tone="error">{QSO_LOAD_FAILED}</Notice>
        <p className="qso-help">This QSO does not exist, was deleted, or could not be loaded right now.</p>
        <div className="form-actions">
          <BackOrHome />
        </div>
      </section>
    );
  }
  return (
    <QsoView
      qso={qso}
      history={owner.data?.history}
      rejections={owner.data?.rejections}
      deleted={deleted}
      onRestore={() => restore.mutate({ qdo_id: qdoId })}
      restoring={restore.isPending}
      restoreFailed={restore.isError}
      editable={owner.data !== undefined}
      pageUrl={typeof window === 'undefined' ? undefined : `${window.location.origin}/qso/${encodeURIComponent(qdoId)}`}
    />
  );
}
