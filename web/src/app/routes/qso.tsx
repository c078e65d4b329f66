import { useParams } from 'react-router-dom';
import { QsoDetail } from '@/features/qso/components/qso-detail';

export function QsoRoute() {
  const { qdo_id: qdoId = '' } = useParams();
  return <QsoDetail key={qdoId} qdoId={qdoId} />;
}
