import { useDocumentTitle } from '@/components/ui/page';
import { useGlobeAccess } from '../hooks/use-globe-access';
import { GlobePane } from './globe-pane';

/** /globe, /globe2, /earth and /earth-noheader: the globe across the page, for subscribers. */
export function GlobePage() {
  const allowed = useGlobeAccess();
  useDocumentTitle('Globe');
  if (!allowed) return null;
  return (
    <div className="globe-page">
      <h1 className="sr-only">Globe of contacts</h1>
      <GlobePane />
    </div>
  );
}
