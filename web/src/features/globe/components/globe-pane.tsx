import { useMemo } from 'react';
import { GLOBE_HEIGHT_PX } from '@hamlog/domain/community/rules';
import { Loading } from '@/components/ui/spinner';
import { useGlobeArcs } from '../api/get-globe-arcs';
import { useGlobe } from '../hooks/use-globe';
import { toArcData } from '../utils/arc-data';
import './globe.css';

export const GLOBE_UNAVAILABLE = 'Globe unavailable';

/**
 * The 3D globe of the last day's contacts (home pane 11 and the /globe pages), for visitors too.
 * globe.gl is fetched and the globe drawn only while `active`; when it turns false (or the pane
 * unmounts) the globe is torn down and the arcs stop refreshing.
 */
export function GlobePane({ active = true }: { active?: boolean }) {
  const arcsQuery = useGlobeArcs(active);
  const arcs = useMemo(() => toArcData(arcsQuery.data?.arcs ?? []), [arcsQuery.data]);
  const { mountRef, status } = useGlobe(active, arcs);
  if (!active) return null;

  return (
    <section className="globe-pane" aria-label="Globe of contacts" style={{ height: GLOBE_HEIGHT_PX }}>
      {/* globe.gl owns this element's children: React puts none in it. */}
      <div ref={mountRef} className="globe-mount" aria-hidden="true" />
      {status === 'loading' ? (
        <div className="globe-overlay">
          <Loading label="Loading globe…" />
        </div>
      ) : null}
      {status === 'unavailable' ? (
        <div className="globe-overlay" role="status">
          <p className="globe-unavailable">{GLOBE_UNAVAILABLE}</p>
          <p className="muted">This browser cannot draw 3D graphics (WebGL is off or missing).</p>
        </div>
      ) : null}
      <p className="globe-caption" aria-live="polite">
        {arcsQuery.isError
          ? 'Could not load the latest contacts; trying again.'
          : arcsQuery.isSuccess
            ? arcs.length === 0
              ? 'No contacts logged in the last 24 hours.'
              : `${arcs.length} ${arcs.length === 1 ? 'contact' : 'contacts'} in the last 24 hours`
            : null}
      </p>
    </section>
  );
}
