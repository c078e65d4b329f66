import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { APP_ROUTE_PATHS } from '@hamlog/domain/app-routes';
import type { RouteHandle } from './layout/chrome';
import { AppLayout } from './layout/app-layout';
import { GuestOnly, loginRequiredRoute } from './routes/guards';
import {
  AdminStatsRoute,
  AdminUsersRoute,
  AwardRoute,
  AwardsRoute,
  ClaimCallsignRoute,
  ContactRoute,
  ContestRoute,
  ContestsRoute,
  DeletedQsosRoute,
  DocsRoute,
  DownloadRoute,
  EditContestRoute,
  GlobeRoute,
  HelpRoute,
  HomeRoute,
  ImportExportRoute,
  JoinRoute,
  LanderRoute,
  LeaderboardsRoute,
  LiveStationRoute,
  LoggerRoute,
  LoginRoute,
  LogsRoute,
  MegastreamRoute,
  NewContestRoute,
  NewPostRoute,
  NewsRoute,
  EditPostRoute,
  PostRoute,
  VideosRoute,
  NotificationsRoute,
  PhotosRoute,
  PrivacyRoute,
  ProfileRoute,
  QsoEditRoute,
  QsoRoute,
  RegisterRoute,
  ScoresRoute,
  SearchRoute,
  SstvRoute,
  StationRoute,
  StatsRoute,
  HowToEmbedsRoute,
  SubAccountsRoute,
  SupportUsRoute,
  StartTrialRoute,
  UpgradeCheckRoute,
  TermsRoute,
} from './lazy-routes';
import { ComingSoonRoute, NotFoundRoute } from './routes/not-found';

/** A page that is not the one its address asked for keeps the header, so there is a way back. */
const KEEP_HEADER: RouteHandle = { keepHeader: true };

/** The built pages; every other path of the specification (app-routes.ts) is 'Coming soon'. */
const pages: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'home', element: <HomeRoute /> },
  { path: 'leaderboards', element: <LeaderboardsRoute /> },
  { path: 'login', element: <GuestOnly><LoginRoute /></GuestOnly> },
  { path: 'password/reset', element: <GuestOnly><LoginRoute /></GuestOnly> },
  { path: 'register', element: <GuestOnly><RegisterRoute /></GuestOnly> },
  { path: 'claim-callsign', element: <ClaimCallsignRoute /> },
  { path: 'profile', ...loginRequiredRoute(<ProfileRoute />) },
  { path: 'account', ...loginRequiredRoute(<ProfileRoute />) },
  { path: 'account/edit', ...loginRequiredRoute(<ProfileRoute />) },
  { path: 'account/preferences', ...loginRequiredRoute(<ProfileRoute />) },
  { path: 'account/profiles', ...loginRequiredRoute(<SubAccountsRoute />) },
  { path: 'profile/pictures', ...loginRequiredRoute(<PhotosRoute />) },
  { path: 'notifications', ...loginRequiredRoute(<NotificationsRoute />) },
  { path: 'join', ...loginRequiredRoute(<JoinRoute />) },
  { path: 'logger/:edit_id?', ...loginRequiredRoute(<LoggerRoute />) },
  { path: 'logs', ...loginRequiredRoute(<LogsRoute />) },
  { path: 'logs/deleted', ...loginRequiredRoute(<DeletedQsosRoute />) },
  { path: 'stats', ...loginRequiredRoute(<StatsRoute />) },
  { path: 'awards', ...loginRequiredRoute(<AwardsRoute />) },
  // Login required for one's own progress; ?callsign= reads a station's public progress, open to anyone.
  { path: 'awards/:award', element: <AwardRoute /> },
  // Open to visitors, who are asked to log in; the codes themselves are for the signed-in user.
  { path: 'how-to/embeds', element: <HowToEmbedsRoute /> },
  { path: 'qso/:qdo_id', element: <QsoRoute /> },
  { path: 'qso/:qdo_id/edit', ...loginRequiredRoute(<QsoEditRoute />) },
  { path: 'search', element: <SearchRoute /> },
  { path: 'import-export', ...loginRequiredRoute(<ImportExportRoute />) },
  { path: 'download', element: <DownloadRoute /> },
  // Administrators only: the server refuses anyone else (403), and the pages say so.
  { path: 'admin/users', ...loginRequiredRoute(<AdminUsersRoute />) },
  { path: 'admin/stats', ...loginRequiredRoute(<AdminStatsRoute />) },
  { path: 'lander/:id', element: <LanderRoute /> },
  { path: 'support-us', element: <SupportUsRoute /> },
  { path: 'support-us/thanks', element: <SupportUsRoute /> },
  { path: 'support-us/cancel', element: <SupportUsRoute /> },
  // Stripe's checkout comes back here; the page asks the server until the subscription is in force.
  { path: 'stripe/upgrade/check', ...loginRequiredRoute(<UpgradeCheckRoute />) },
  { path: 'stripe/start-trial/:checkout_session_id', ...loginRequiredRoute(<StartTrialRoute />) },
  { path: 'privacy', element: <PrivacyRoute /> },
  { path: 'terms', element: <TermsRoute /> },
  { path: 'contact', element: <ContactRoute /> },
  { path: 'docs', element: <DocsRoute /> },
  { path: 'post/74/:title?', element: <HelpRoute /> },
  // News, posts and videos; post 74 above is the help page, matched first as the more specific path.
  { path: 'news', element: <NewsRoute /> },
  { path: 'ham-radio-videos', element: <VideosRoute /> },
  { path: 'post/new', ...loginRequiredRoute(<NewPostRoute />) },
  { path: 'post/edit/:id', ...loginRequiredRoute(<EditPostRoute />) },
  { path: 'post/:id/:title?', element: <PostRoute /> },
  // Subscribers only: the page itself sends others to /?upgrade-required=1 (checked every 5 s).
  ...['globe', 'globe2', 'earth', 'earth-noheader'].map((path) => ({ path, element: <GlobeRoute />, handle: { loginRequired: true } })),
  { path: 'scores', ...loginRequiredRoute(<ScoresRoute />) },
  { path: 'megastream', element: <MegastreamRoute /> },
  { path: 'live/user/:id', element: <LiveStationRoute /> },
  { path: 'sstv', element: <SstvRoute /> },
  { path: 'contests', ...loginRequiredRoute(<ContestsRoute />) },
  { path: 'contests/new', ...loginRequiredRoute(<NewContestRoute />) },
  { path: 'contests/:contest_id', ...loginRequiredRoute(<ContestRoute />) },
  { path: 'contests/:contest_id/edit', ...loginRequiredRoute(<EditContestRoute />) },
];

const built = new Set(pages.map((page) => page.path ?? ''));
const comingSoon: RouteObject[] = APP_ROUTE_PATHS.filter((path) => !built.has(path)).map((path) => ({
  path,
  element: <ComingSoonRoute />,
  handle: KEEP_HEADER,
}));

/** The app's route table, exported so tests can drive the real one in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...pages,
      ...comingSoon,
      // Catch-all: /{callsign} is a station's public page (a path that cannot be a callsign: not found).
      { path: ':callsign', element: <StationRoute />, handle: KEEP_HEADER },
      { path: '*', element: <NotFoundRoute />, handle: KEEP_HEADER },
    ],
  },
];

export const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
