import type { EventStore } from '@hamlog/infra/ports/event-store';
import { handleOperatorCommand } from './operator-command';

/**
 * Makes the account holding `callsign` an administrator (the icon on its feed cards) or takes that
 * back, for operators (npm run admin). Granting twice, or revoking from a non-admin, changes nothing.
 */
export async function changeAdminRole(store: EventStore, change: { callsign: string; grant: boolean }, at = new Date()) {
  const data = { at: at.toISOString() };
  const command = change.grant ? ({ type: 'GrantAdminRole', data } as const) : ({ type: 'RevokeAdminRole', data } as const);
  return handleOperatorCommand(store, change.callsign, command, 'admin-cli');
}
