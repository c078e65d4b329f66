import { Navigate } from 'react-router-dom';

/** /join: login required, no screen of its own; a signed-in user goes home. */
export function JoinRoute() {
  return <Navigate to="/" replace />;
}
