/** Which services confirmed a QSO, for the logbook's compact Confirmed column. */
import { CONFIRMATION_SERVICES, confirmationStatus, SERVICE_NAMES, type ConfirmationService } from '@hamlog/domain/qso/confirmations';
import type { QsoDetails } from '@hamlog/domain/qso/details';

/** Short names for a narrow column; the full name goes in the badge's title. */
const SHORT_NAMES: Readonly<Record<ConfirmationService, string>> = { lotw: 'LoTW', qrz: 'QRZ', clublog: 'Club Log', eqsl: 'eQSL', paper: 'Card' };

export interface ConfirmedBy {
  service: ConfirmationService;
  short: string;
  name: string;
}

export function confirmedBy(adif: QsoDetails | undefined): ConfirmedBy[] {
  if (!adif) return [];
  return CONFIRMATION_SERVICES.filter((service) => confirmationStatus(adif, service).state === 'confirmed').map((service) => ({
    service,
    short: SHORT_NAMES[service],
    name: SERVICE_NAMES[service],
  }));
}
