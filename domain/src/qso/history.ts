/**
 * A QSO's edit history, told from its stream: one entry per event, with what changed in words
 * a radio amateur reads ("Freq 14.074000 → 14.076000").
 */
import type { QsoFieldChange, QsoHistoryEntry } from '../api-types';
import { assertNever } from '../decider';
import { formatMhz } from '../frequency';
import { CONFIRMATION_SERVICES, SERVICE_NAMES, confirmationStatus, type ConfirmationStatus } from './confirmations';
import type { QsoEvent } from './decider';
import { QSO_DETAIL_FIELDS, displayDetail } from './details';
import type { QsoFields } from './fields';

export interface StoredQsoEvent {
  event: QsoEvent;
  position: number;
  at: Date;
  /** The file an import read the QSO from (its event's metadata), when it came from one. */
  importFileName?: string;
}

const text = (value: string | number | null): string => (value === null ? '' : String(value));
const coordinate = (value: number | null): string => (value === null ? '' : value.toFixed(4));

/** Every field a person can change, its label, and how it is shown. */
const FIELD_LABELS: { key: Exclude<keyof QsoFields, 'extra' | 'details'>; label: string; show?: (f: QsoFields) => string }[] = [
  { key: 'ts', label: 'Time', show: (f) => `${f.ts.slice(0, 10)} ${f.ts.slice(11, 19)} UTC` },
  { key: 'call', label: 'Call' },
  { key: 'freqHz', label: 'Freq', show: (f) => formatMhz(f.freqHz) },
  { key: 'band', label: 'Band' },
  { key: 'mode', label: 'Mode' },
  { key: 'subMode', label: 'SubMode' },
  { key: 'name', label: 'Name' },
  { key: 'snt', label: 'Sent' },
  { key: 'rcv', label: 'Received' },
  { key: 'comment', label: 'Comment' },
  { key: 'power', label: 'Power' },
  { key: 'dxcc', label: 'DXCC' },
  { key: 'country', label: 'Country' },
  { key: 'continent', label: 'Continent' },
  { key: 'lat', label: 'Lat', show: (f) => coordinate(f.lat) },
  { key: 'lon', label: 'Lon', show: (f) => coordinate(f.lon) },
  { key: 'cqZone', label: 'CQ zone' },
  { key: 'ituZone', label: 'ITU zone' },
  { key: 'gridSquare', label: 'Grid square' },
  { key: 'radioMode', label: 'Radio mode' },
  { key: 'qsoDuration', label: 'Duration (s)' },
  { key: 'qsoOrigin', label: 'Origin' },
  { key: 'isRunQso', label: 'Run QSO' },
  { key: 'contestName', label: 'Contest' },
];

export function qsoFieldChanges(before: QsoFields, after: QsoFields): QsoFieldChange[] {
  const named = FIELD_LABELS.filter(({ key }) => before[key] !== after[key]).map(({ key, label, show }) => ({
    field: label,
    from: show ? show(before) : text(before[key]),
    to: show ? show(after) : text(after[key]),
  }));
  const details = QSO_DETAIL_FIELDS.filter((f) => (before.details?.[f.name] ?? '') !== (after.details?.[f.name] ?? '')).map((f) => {
    const show = (value: string | undefined) => (value === undefined ? '' : displayDetail(f, value));
    return { field: f.label, from: show(before.details?.[f.name]), to: show(after.details?.[f.name]) };
  });
  return [...named, ...details];
}

const day = (on: string | undefined) => (on ? ` on ${on.slice(0, 4)}-${on.slice(4, 6)}-${on.slice(6, 8)}` : '');

function serviceStep(status: ConfirmationStatus): string | null {
  const name = SERVICE_NAMES[status.service];
  switch (status.state) {
    case 'confirmed':
      return status.service === 'paper' ? `QSL card received${day(status.on)}` : `Confirmed by ${name}${day(status.on)}`;
    case 'accepted':
    case 'sent':
      return status.service === 'paper' ? `QSL card sent${day(status.on)}` : `Uploaded to ${name}${day(status.on)}`;
    case 'queued':
      return status.service === 'paper' ? 'QSL card queued' : `Queued for ${name}`;
    default:
      return null;
  }
}

/** What an update did, in words: 'Confirmed by LoTW on 2026-11-20', 'Uploaded to Club Log'; else 'Updated'. */
export function updateLabel(before: QsoFields | null, after: QsoFields): string {
  const steps: string[] = [];
  for (const service of CONFIRMATION_SERVICES) {
    const was = confirmationStatus(before?.details, service);
    const now = confirmationStatus(after.details, service);
    if (was.state === now.state && was.on === now.on) continue;
    const step = serviceStep(now);
    if (step) steps.push(step);
  }
  return steps.length > 0 ? steps.join('; ') : 'Updated';
}

/** The entries in stream order (oldest first). */
export function qsoHistory(events: readonly StoredQsoEvent[]): QsoHistoryEntry[] {
  let fields: QsoFields | null = null;
  return events.map(({ event, position, at, importFileName }) => {
    const entry = { position, at: at.toISOString(), event: event.type, changes: [] as QsoFieldChange[] };
    switch (event.type) {
      case 'QsoLogged': {
        const again = fields !== null;
        const changes = fields ? qsoFieldChanges(fields, event.data.fields) : [];
        fields = event.data.fields;
        const label = importFileName ? `Imported from ${importFileName}` : 'Logged';
        return { ...entry, label: again ? `${label} again` : label, changes };
      }
      case 'QsoUpdated': {
        const changes = fields ? qsoFieldChanges(fields, event.data.fields) : [];
        const label = updateLabel(fields, event.data.fields);
        fields = event.data.fields;
        return { ...entry, label, changes };
      }
      case 'QsoDeleted':
        return { ...entry, label: 'Deleted' };
      case 'QsoRestored':
        return { ...entry, label: 'Restored' };
      case 'QsoRecordingAttached':
        return { ...entry, label: 'Recording attached', file_name: event.data.fileName };
      case 'QsoSstvAttached':
        return { ...entry, label: 'SSTV image attached', file_name: event.data.fileName };
      default:
        return assertNever(event);
    }
  });
}
