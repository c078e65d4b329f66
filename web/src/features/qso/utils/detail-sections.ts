/**
 * The QSO page's detail sections: the QSO's ADIF detail fields (`adif`) in the catalogue's groups
 * and order, with the catalogue's labels and display text. Confirmations are told per service
 * (LoTW, QRZ Logbook, Club Log, eQSL, paper card); the fields those statuses read are not
 * repeated as rows of their own.
 */
import {
  CONFIRMATION_SERVICES,
  confirmationStatus,
  SERVICE_FIELDS,
  type ConfirmationState,
  type ConfirmationStatus,
} from '@hamlog/domain/qso/confirmations';
import { displayDetail, QSO_DETAIL_FIELDS, QSO_DETAIL_GROUPS, type QsoDetailGroup, type QsoDetails } from '@hamlog/domain/qso/details';
import type { QsoRejection } from '@hamlog/domain/api-types';

export interface DetailRow {
  name: string;
  label: string;
  value: string;
  multiline: boolean;
}

/** A service's status; a refusal carries the service's reason. */
export type ServiceStatusView = ConfirmationStatus & { reason?: string };

export interface DetailSection {
  group: QsoDetailGroup;
  label: string;
  /** One status per service (the Confirmations section only). */
  services: ServiceStatusView[];
  rows: DetailRow[];
}

const STATUS_FIELDS: ReadonlySet<string> = new Set(
  Object.values(SERVICE_FIELDS).flatMap((f) => [f.sent, f.sentDate, f.rcvd, f.rcvdDate].filter((name): name is string => name !== undefined)),
);

/** The sections that hold something, in the catalogue's order; none without details or refusals (the owner's). */
export function detailSections(adif: QsoDetails | undefined, rejections: readonly QsoRejection[] = []): DetailSection[] {
  if (!adif && rejections.length === 0) return [];
  const details = adif ?? {};
  const refused = (service: string) => rejections.find((r) => r.service === service);
  return QSO_DETAIL_GROUPS.flatMap(([group, label]) => {
    const present = QSO_DETAIL_FIELDS.filter((f) => f.group === group && details[f.name]);
    if (present.length === 0 && !(group === 'confirmations' && rejections.length > 0)) return [];
    const services = group === 'confirmations'
      ? CONFIRMATION_SERVICES.map((service): ServiceStatusView => {
          const status = confirmationStatus(details, service);
          const rejection = refused(service);
          return rejection && status.state !== 'confirmed' ? { service, state: 'rejected', reason: rejection.reason } : status;
        })
      : [];
    const rows = present
      .filter((f) => !STATUS_FIELDS.has(f.name))
      .map((f) => ({ name: f.name, label: f.label, value: displayDetail(f, details[f.name]!), multiline: f.type === 'multiline' }));
    return [{ group, label, services, rows }];
  });
}

const STATE_WORDS: Readonly<Record<ConfirmationState, string>> = {
  'not-sent': 'Not sent',
  queued: 'Queued',
  requested: 'Requested',
  sent: 'Sent',
  accepted: 'Uploaded',
  rejected: 'Rejected',
  confirmed: 'Confirmed',
};

/** 'Confirmed', 'Uploaded', 'Queued', 'Not sent'… */
export function stateWords(state: ConfirmationState): string {
  return STATE_WORDS[state];
}

/** The day of a status as people read it ('2026-11-20'), or ''. */
export function statusDay(status: ConfirmationStatus): string {
  const on = status.on;
  return on && /^\d{8}$/.test(on) ? `${on.slice(0, 4)}-${on.slice(4, 6)}-${on.slice(6)}` : '';
}

