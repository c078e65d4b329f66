import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { invalidateQsoReads } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import { useNow } from '@/lib/use-now';
import { isSyncBusy, useServices } from '../api/services';
import { ServiceCard } from './service-card';
import './connected-services.css';

export const SERVICES_LOAD_FAILED = 'Your connected services could not be loaded.';

/** 'Synced 5 minutes ago' is renewed this often. */
const CLOCK_MS = 30_000;

/**
 * Settings' connected services (LoTW, QRZ Logbook, Club Log, eQSL): HamLog sends them the
 * user's QSOs and brings their confirmations back. A card per service; while a sync waits or
 * runs the list is asked again every 2 s, and when it ends the logbook is read again.
 */
export function ConnectedServices() {
  const services = useServices();
  const now = useNow(CLOCK_MS);
  const list = services.data;
  const busy = (list ?? []).filter(isSyncBusy).map((s) => s.service).join(',');
  const wasBusy = useRef('');
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = services.isSuccess;

  // /profile#services: the page loads in parts, so the browser cannot scroll to it by itself.
  useEffect(() => {
    if (loaded && hash === '#services') section.current?.scrollIntoView?.();
  }, [loaded, hash]);

  // A sync that ended may have confirmed QSOs or marked them sent: what is cached of the log is stale.
  useEffect(() => {
    const ended = wasBusy.current.split(',').some((service) => service && !busy.split(',').includes(service));
    wasBusy.current = busy;
    if (ended) void invalidateQsoReads(queryClient);
  }, [busy]);

  return (
    <section ref={section} className="form connected-services" id="services" aria-labelledby="services-heading">
      <h2 id="services-heading">Connected services</h2>
      <p className="field-hint">
        HamLog sends your QSOs to these services and brings their confirmations back to your logbook. What you give here is kept sealed and never shown again.
      </p>
      {services.isPending ? (
        <Loading />
      ) : services.isError ? (
        <>
          <Notice tone="error">{SERVICES_LOAD_FAILED}</Notice>
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => void services.refetch()}>
              Try again
            </button>
          </div>
        </>
      ) : !list || list.length === 0 ? (
        <p className="empty">No services can be connected on this server.</p>
      ) : (
        <div className="service-cards">
          {list.map((state) => (
            <ServiceCard key={state.service} state={state} now={new Date(now)} />
          ))}
        </div>
      )}
    </section>
  );
}
