import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { useQso } from '../api/get-qso';
import type { FromQsoPage } from '../utils/edit-path';
import { QsoEditForm } from './qso-edit-form';
import { qsoHeading } from './qso-view';
import './qso-edit.css';

export const QSO_EDIT_LOAD_FAILED = 'This QSO could not be loaded for editing: it does not exist, is not yours, or was deleted.';

/** /qso/{id}/edit: the owner's form for every field of a QSO; saving or cancelling returns to its page. */
export function QsoEdit({ qdoId }: { qdoId: string }) {
  const qso = useQso(qdoId);
  const navigate = useNavigate();
  const location = useLocation();
  const pagePath = `/qso/${encodeURIComponent(qdoId)}`;
  const cameFromPage = (location.state as Partial<FromQsoPage> | null)?.fromQsoPage === true;
  const back = () => void (cameFromPage ? navigate(-1) : navigate(pagePath, { replace: true }));

  if (qso.isPending) return <Loading />;
  if (!qso.data) {
    return (
      <Page title="Edit QSO" narrow>
        <Notice tone="error">{QSO_EDIT_LOAD_FAILED}</Notice>
        <p>
          <Link to={pagePath}>Open the QSO page</Link>
        </p>
      </Page>
    );
  }
  const heading = `Edit ${qsoHeading(qso.data)}`;
  return (
    <Page title={heading}>
      <QsoEditForm qso={qso.data} onSaved={back} onCancel={back} />
    </Page>
  );
}
