import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { GuestOnly, loginRequiredRoute } from './routes/guards';
import {
  DeletedQsosRoute,
  JoinRoute,
  LandingRoute,
  LoggerRoute,
  LoginRoute,
  LogsRoute,
  NotificationsRoute,
  PhotosRoute,
  ProfileRoute,
  QsoRoute,
  RegisterRoute,
  SearchRoute,
  StationRoute,
  SubAccountsRoute,
} from './lazy-routes';
import { NotFoundRoute } from './routes/not-found';

export const router = createBrowserRouter([
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
      // Catch-all: /{callsign} is a station's public page.
      { path: ':callsign', element: <StationRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
