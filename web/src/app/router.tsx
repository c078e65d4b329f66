import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { GuestOnly, loginRequiredRoute } from './routes/guards';
import {
  ContactRoute,
  DeletedQsosRoute,
  DocsRoute,
  DownloadRoute,
  ImportExportRoute,
  JoinRoute,
  LandingRoute,
  LoggerRoute,
  LoginRoute,
  LogsRoute,
  NotificationsRoute,
  PhotosRoute,
  PrivacyRoute,
  ProfileRoute,
  QsoRoute,
  RegisterRoute,
  SearchRoute,
  StationRoute,
  SubAccountsRoute,
  SupportUsRoute,
  TermsRoute,
} from './lazy-routes';
import { NotFoundRoute } from './routes/not-found';

/** The app's route table, exported so tests can drive the real one in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'home', element: <LandingRoute /> },
      { path: 'login', element: <GuestOnly><LoginRoute /></GuestOnly> },
      { path: 'password/reset', element: <GuestOnly><LoginRoute /></GuestOnly> },
      { path: 'register', element: <GuestOnly><RegisterRoute /></GuestOnly> },
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
      { path: 'qso/:qdo_id', element: <QsoRoute /> },
      { path: 'search', element: <SearchRoute /> },
      { path: 'import-export', ...loginRequiredRoute(<ImportExportRoute />) },
      { path: 'download', element: <DownloadRoute /> },
      { path: 'support-us', element: <SupportUsRoute /> },
      { path: 'support-us/thanks', element: <SupportUsRoute /> },
      { path: 'support-us/cancel', element: <SupportUsRoute /> },
      { path: 'privacy', element: <PrivacyRoute /> },
      { path: 'terms', element: <TermsRoute /> },
      { path: 'contact', element: <ContactRoute /> },
      { path: 'docs', element: <DocsRoute /> },
      // Catch-all: /{callsign} is a station's public page.
      { path: ':callsign', element: <StationRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
