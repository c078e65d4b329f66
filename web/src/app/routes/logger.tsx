import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { MESSAGES } from '@/config/messages';
import { Logger } from '@/features/logger/components/logger';
import { useQso } from '@/features/qso/api/get-qso';
import { alertUser } from '@/lib/dialogs';

/** /logger logs new contacts; /logger/:edit_id loads that QSO for editing. */
export function LoggerRoute() {
  const { edit_id: editId } = useParams();
  const navigate = useNavigate();
  const qso = useQso(editId);
  const alerted = useRef<string | null>(null);

  useEffect(() => {
    if (editId && qso.isError && alerted.current !== editId) {
      alerted.current = editId;
      alertUser(MESSAGES.errorLoadingQso);
      void navigate('/logger', { replace: true });
    }
  }, [editId, qso.isError, navigate]);

  if (!editId) {
    return (
      <Page title="Log contacts">
        <Logger key="new" />
      </Page>
    );
  }

  return (
    <Page title={`Edit QSO`} heading={qso.data ? `Edit QSO with ${qso.data.Call}` : 'Edit QSO'}>
      {qso.isPending ? (
        <Loading />
      ) : qso.data ? (
        <Logger
          key={editId}
          editQso={qso.data}
          onEditDone={() => void navigate('/logs')}
          onCancelEdit={() => void navigate('/logger')}
        />
      ) : null}
    </Page>
  );
}
