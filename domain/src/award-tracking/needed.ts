/** What could still confirm a needed QSO: each chosen service's status, and what the user can do about it. */
import { SERVICE_NAMES, confirmationStatus, type ConfirmationService } from '../qso/confirmations';
import type { QsoDetails } from '../qso/details';
import type { NeededQsoService } from './api';

const when = (on: string | undefined) => (on && /^\d{8}$/.test(on) ? ` on ${on.slice(0, 4)}-${on.slice(4, 6)}-${on.slice(6)}` : '');

export function neededServices(details: QsoDetails | undefined, sources: readonly ConfirmationService[]): NeededQsoService[] {
  return sources.map((service) => {
    const status = confirmationStatus(details, service);
    const name = SERVICE_NAMES[service];
    const paper = service === 'paper';
    let text: string;
    switch (status.state) {
      case 'queued':
        text = paper ? 'QSL card queued to send' : `Queued for ${name}: it goes with the next sync`;
        break;
      case 'requested':
        text = `QSL card requested${when(status.on)}`;
        break;
      case 'sent':
      case 'accepted':
        text = paper ? `QSL card sent${when(status.on)}: waiting for the reply` : `Uploaded to ${name}${when(status.on)}: waiting for the other station to confirm`;
        break;
      case 'confirmed':
        text = `Confirmed by ${name}${when(status.on)}`;
        break;
      default:
        text = paper ? 'No QSL card sent yet: add it to the QSL queue' : `Not uploaded to ${name} yet: connect it in Settings and sync`;
    }
    return { service, state: status.state, text };
  });
}
