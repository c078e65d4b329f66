import { useParams } from 'react-router-dom';
import { QsoDetail } from '@/features/qso/components/qso-detail';
import { QsoEdit } from '@/features/qso/components/qso-edit';

export function QsoRoute() {
  const { qdo_id: qdoId = '' } = useParams();
  return <QsoDetail key={qdoId} qdoId={qdoId} />;
}

/** /qso/{id}/edit (signed in, the QSO's owner). */
export function QsoEditRoute() {
  const { qdo_id: qdoId = '' } = useParams();
  return <QsoEdit key={qdoId} qdoId={qdoId} />;
}
