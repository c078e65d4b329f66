import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { GuestOnly, RequireAuth } from './routes/guards';
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
      { path: 'profile', element: <RequireAuth><ProfileRoute /></RequireAuth> },
      { path: 'account', element: <RequireAuth><ProfileRoute /></RequireAuth> },
      { path: 'account/edit', element: <RequireAuth><ProfileRoute /></RequireAuth> },
      { path: 'account/preferences', element: <RequireAuth><ProfileRoute /></RequireAuth> },
      { path: 'account/profiles', element: <RequireAuth><SubAccountsRoute /></RequireAuth> },
      { path: 'profile/pictures', element: <RequireAuth><PhotosRoute /></RequireAuth> },
      { path: 'notifications', element: <RequireAuth><NotificationsRoute /></RequireAuth> },
      { path: 'join', element: <RequireAuth><JoinRoute /></RequireAuth> },
      { path: 'logger/:edit_id?', element: <RequireAuth><LoggerRoute /></RequireAuth> },
      { path: 'logs', element: <RequireAuth><LogsRoute /></RequireAuth> },
      { path: 'logs/deleted', element: <RequireAuth><DeletedQsosRoute /></RequireAuth> },
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
