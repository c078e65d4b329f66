import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Notice } from '@/components/ui/notice';
import { useDocumentTitle } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { PRODUCT_NAME } from '@/config/app';
import { AwardsPane } from '@/features/awards/components/awards-pane';
import { AwardsStrip } from '@/features/awards/components/awards-strip';
import { OperatorsOfTheDay } from '@/features/awards/components/operators-of-the-day';
import { BandStats } from '@/features/band-stats/components/band-stats';
import { Leaderboards } from '@/features/leaderboards/components/leaderboards';
import { HOME_BOARDS, PERIOD_BOARDS } from '@/features/leaderboards/utils/boards';
import { UserFeed } from '@/features/live-feed/components/user-feed';
import { Logger } from '@/features/logger/components/logger';
import { QsoFeed } from '@/features/qso-feed/components/qso-feed';
import { displayName, useSession } from '@/lib/session';
import { useStoredFlag } from '@/lib/use-stored-state';
import { HOME_PANES, paneFromParam, paneIndexForKey, paramsForPane, type HomePane } from './home-panes';
import './home.css';

/** The globe and its 3D library load only when its pane is opened (and unload with it). */
const GlobePane = lazy(() => import('@/features/globe/components/globe-pane').then((m) => ({ default: m.GlobePane })));

/** The log bar's show/hide switch, remembered in this browser. */
const SHOW_LOG_BAR_KEY = 'show_log_bar';

function Intro() {
  const session = useSession();
  const [params] = useSearchParams();
  return (
    <section className="home-intro">
      {session && params.get('login') === 'success' ? <Notice tone="success">Welcome back, {displayName(session.user)}.</Notice> : null}
      <div className="home-intro-row">
        <div>
          <h1>{PRODUCT_NAME}</h1>
          <p className="lead">Log your contacts in the cloud, see who is on the air, climb the leaderboards.</p>
        </div>
        {session ? null : (
          <div className="home-cta">
            <Link to="/register" className="btn btn-primary">
              Create Account
            </Link>
            <Link to="/login" className="btn btn-secondary">
              Log in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

function PaneTabs({ current, onSelect }: { current: HomePane; onSelect: (pane: HomePane) => void }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = paneIndexForKey(event.key, index, HOME_PANES.length);
    const pane = next === null ? undefined : HOME_PANES[next];
    if (next === null || !pane) return;
    event.preventDefault();
    onSelect(pane);
    tabs.current[next]?.focus();
  };
  return (
    <div className="home-tabs" role="tablist" aria-label="Home page panes">
      {HOME_PANES.map((pane, index) => {
        const selected = pane.id === current.id;
        return (
          <button
            key={pane.id}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`home-tab-${pane.slug}`}
            className="home-tab"
            aria-selected={selected}
            aria-controls="home-pane"
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(pane)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {pane.label}
          </button>
        );
      })}
    </div>
  );
}

/** Pane -1: log bar, filters and user feed, awards strip and QSO table; the boards beside them. */
function HomePaneContent() {
  const session = useSession();
  const [showLogBar, setShowLogBar] = useStoredFlag(SHOW_LOG_BAR_KEY, true);
  return (
    <div className="home-grid">
      <div className="home-main">
        <CheckboxField label="Show log bar" className="home-logbar-switch" checked={showLogBar} onChange={(e) => setShowLogBar(e.target.checked)} />
        {showLogBar ? (
          // Visitors may try it; saving asks them to log in.
          <section className="home-logbar" aria-labelledby="home-logbar-heading">
            <h2 id="home-logbar-heading">{session ? 'Log a contact' : 'Try the logger'}</h2>
            <Logger />
          </section>
        ) : null}
        <UserFeed />
        <AwardsStrip />
        <QsoFeed />
      </div>
      <aside className="home-side" aria-label="Leaderboards and band statistics">
        <OperatorsOfTheDay />
        <section aria-labelledby="home-boards-heading">
          <h2 id="home-boards-heading">Leaderboards</h2>
          <Leaderboards boards={HOME_BOARDS} layout="column" />
        </section>
        <BandStats />
      </aside>
    </div>
  );
}

function PaneContent({ pane }: { pane: HomePane }) {
  switch (pane.id) {
    case -1:
      return <HomePaneContent />;
    case 1:
      return <Leaderboards boards={PERIOD_BOARDS.today} headingLevel={2} />;
    case 2:
      return <Leaderboards boards={PERIOD_BOARDS.yesterday} headingLevel={2} />;
    case 3:
      return <Leaderboards boards={PERIOD_BOARDS.week} headingLevel={2} />;
    case 4:
      return <Leaderboards boards={PERIOD_BOARDS.month} headingLevel={2} />;
    case 10:
      return <AwardsPane />;
    case 11:
      return (
        <Suspense fallback={<Loading />}>
          <GlobePane />
        </Suspense>
      );
  }
}

/** / and /home: the feeds, the leaderboards, the awards and the globe, one pane at a time (?pane=N). */
export function HomeRoute() {
  const [params, setParams] = useSearchParams();
  const pane = paneFromParam(params.get('pane'));
  useDocumentTitle(pane.id === -1 ? 'Home' : pane.label);
  const select = (next: HomePane) => setParams(paramsForPane(params, next), { replace: true });
  return (
    <div className="home">
      <Intro />
      <PaneTabs current={pane} onSelect={select} />
      <div className="home-pane" role="tabpanel" id="home-pane" aria-labelledby={`home-tab-${pane.slug}`}>
        <PaneContent pane={pane} />
      </div>
    </div>
  );
}
