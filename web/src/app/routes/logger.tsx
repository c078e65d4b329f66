import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { QSO_LOAD_FAILED } from '@hamlog/domain/messages';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { Logger } from '@/features/logger/components/logger';
import { useQso } from '@/features/qso/api/get-qso';
import { alertUser } from '@/lib/dialogs';

/**
 * /logger logs new contacts; /logger?log_callsign=X opens with X searched; /logger/:edit_id loads
 * that QSO for editing. When the edit ends the user goes back to where they came from (the
 * logbook, usually), or to a cleared logger when they arrived at the edit directly.
 */
export function LoggerRoute() {
  const { edit_id: editId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const qso = useQso(editId);
  const alerted = useRef<string | null>(null);
  // The parameter is taken once per navigation and dropped from the address, so a reload does not search again.
  const paramCall = params.get('log_callsign');
  const [start, setStart] = useState({ call: paramCall, key: location.key });
  if (paramCall !== null && start.key !== location.key) setStart({ call: paramCall, key: location.key });

  useEffect(() => {
    if (!params.has('log_callsign')) return;
    const next = new URLSearchParams(params);
    next.delete('log_callsign');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (editId && qso.isError && alerted.current !== editId) {
      alerted.current = editId;
      alertUser(QSO_LOAD_FAILED);
      void navigate('/logger', { replace: true });
    }
  }, [editId, qso.isError, navigate]);

  if (!editId) {
    return (
      <Page title="Log contacts">
        <Logger key={`new-${start.key}`} initialCall={start.call} autoFocus />
      </Page>
    );
  }

  const cameFromThisSite = location.key !== 'default';
  const leaveEdit = () => {
    if (cameFromThisSite) void navigate(-1);
    else void navigate('/logger', { replace: true });
  };

  return (
    <Page title="Edit QSO" heading={qso.data ? `Edit QSO with ${qso.data.Call}` : 'Edit QSO'}>
      {qso.isPending ? (
        <Loading />
      ) : qso.data ? (
        <Logger key={editId} editQso={qso.data} onEditDone={leaveEdit} onCancelEdit={leaveEdit} />
      ) : null}
    </Page>
  );
}
