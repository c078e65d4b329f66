/** The confirmation services a view of an award counts, as `sources=lotw,paper` names them (pure: the client reads it too). */
import { CONFIRMATION_SERVICES, type ConfirmationService } from '../qso/confirmations';

/** 'lotw, Paper' → the services it names, in the usual order, and the names that are no service. */
export function readSourceNames(text: string): { services: ConfirmationService[]; unknown: string[] } {
  const names = text.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  return {
    services: CONFIRMATION_SERVICES.filter((service) => names.includes(service)),
    unknown: names.filter((name) => !(CONFIRMATION_SERVICES as readonly string[]).includes(name)),
  };
}
