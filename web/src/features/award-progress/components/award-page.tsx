import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AWARD_PAGE_LIMIT } from '@hamlog/domain/award-tracking/api';
import { trackedAward, type TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { Page } from '@/components/ui/page';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { stationPath } from '@/utils/qso-format';
import { useAwardMap } from '../api/get-award-map';
import { useAwardNeeded } from '../api/get-award-needed';
import { useAwardPage } from '../api/get-award-page';
import { useAwardFilters } from '../hooks/use-award-filters';
import { useAwardSources } from '../hooks/use-award-sources';
import { fitFilters, type AwardFilters } from '../utils/award-filters';
import { AwardControls } from './award-controls';
import { AwardGrid } from './award-grid';
import { AwardMap } from './award-map';
import { AwardSummary } from './award-summary';
import { AwardViewTabs } from './award-view-tabs';
import { CreditsCsvLink } from './credits-csv-link';
import { ExcludedList } from './excluded-list';
import { LoadFailed } from '@/components/ui/load-failed';
import { NeededList } from './needed-list';
import { RowsPager } from './rows-pager';
import { StateLegend } from './state-legend';
import './award-progress.css';

export const AWARD_LOAD_FAILED = 'This award’s progress could not be loaded.';
export const notPublic = (callsign: string) => `${callsign} does not show award progress publicly.`;

/** The answer of the view on screen; only that view's request is made. */
function useViewAnswer(award: TrackedAward, filters: AwardFilters, sources: AwardFilters['sources']) {
  const { view, callsign, mode, band } = filters;
  const grid = useAwardPage(award.id, { ...filters, sources }, view === 'grid');
  const needed = useAwardNeeded(award.id, { callsign, band, mode, sources }, view === 'needed');
  const map = useAwardMap(award.id, { callsign, band, sources }, view === 'map');
  return { grid, needed, map, active: view === 'grid' ? grid : view === 'needed' ? needed : map };
}

/** /awards/:award: one award's grid, what still needs a confirmation, its map, and its credits as CSV. */
export function AwardProgressPage({ awardId }: { awardId: string }) {
  const award = trackedAward(awardId);
  if (!award) {
    return (
      <Page title="Awards">
        <Notice tone="warning">There is no award called “{awardId}”.</Notice>
        <Link to="/awards">All awards</Link>
      </Page>
    );
  }
  // A fresh page per award: the sources remembered are the award's own.
  return <AwardPage key={award.id} award={award} />;
}

function AwardPage({ award }: { award: TrackedAward }) {
  const [addressed, update] = useAwardFilters();
  const filters = fitFilters(addressed, award);
  const sources = useAwardSources(award, filters, update);
  const { grid, needed, map, active } = useViewAnswer(award, filters, sources.requested);
  const { callsign, view } = filters;

  let body: ReactNode;
  if (active.isPending) body = <Loading />;
  else if (active.isError) {
    body =
      callsign && isApiError(active.error) && active.error.status === 404 ? (
        <Notice tone="warning">{notPublic(callsign)}</Notice>
      ) : (
        <LoadFailed message={AWARD_LOAD_FAILED} onRetry={() => void active.refetch()} />
      );
  } else if (view === 'grid' && grid.data) {
    body = (
      <>
        <StateLegend card={grid.data.card} />
        <AwardGrid answer={grid.data} />
        <RowsPager offset={grid.data.offset} limit={grid.data.limit || AWARD_PAGE_LIMIT} total={grid.data.total_rows} onOffset={(offset) => update({ offset })} />
        <ExcludedList excluded={grid.data.excluded} />
      </>
    );
  } else if (view === 'needed' && needed.data) body = <NeededList answer={needed.data} />;
  else if (map.data) body = <AwardMap answer={map.data} />;

  return (
    <Page
      title={callsign ? `${award.name} · ${callsign}` : award.name}
      actions={
        <>
          {callsign ? (
            <Link to={stationPath(callsign)} className="btn btn-link">
              {callsign}’s page
            </Link>
          ) : (
            <Link to="/awards" className="btn btn-link">
              All awards
            </Link>
          )}
          <CreditsCsvLink award={award.id} request={{ callsign, mode: filters.mode, sources: sources.requested }} />
        </>
      }
    >
      {callsign ? <p className="lead">{callsign}’s progress, as the station shows it (read-only).</p> : null}
      <AwardSummary award={award} card={active.data?.card} />
      <AwardViewTabs award={award} filters={filters} />
      <AwardControls award={award} filters={filters} update={update} sources={sources} />
      <div className="ap-view-body" aria-busy={active.isFetching || undefined}>
        {body}
      </div>
    </Page>
  );
}
