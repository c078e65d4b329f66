/**
 * Connected services: what a user gives to let HamLog send their QSOs to LoTW, QRZ Logbook, Club
 * Log and eQSL and fetch their confirmations. Settings are shown back; secrets (passwords, keys,
 * the LoTW certificate) are kept sealed on the server and never sent to the browser.
 */
import { SERVICE_NAMES } from '../qso/confirmations';

export const SYNCED_SERVICES = ['lotw', 'qrz', 'clublog', 'eqsl'] as const;
export type SyncedService = (typeof SYNCED_SERVICES)[number];

export const isSyncedService = (value: unknown): value is SyncedService => typeof value === 'string' && (SYNCED_SERVICES as readonly string[]).includes(value);

export interface ConnectionField {
  name: string;
  label: string;
  kind: 'text' | 'password' | 'file' | 'email';
  /** Needed to connect (a secret already stored may be left blank to keep it). */
  required: boolean;
  secret: boolean;
  help?: string;
  maxLength: number;
}

const field = (name: string, label: string, kind: ConnectionField['kind'], required: boolean, help?: string, maxLength = 128): ConnectionField => ({
  name, label, kind, required, secret: kind === 'password' || kind === 'file', maxLength, ...(help ? { help } : {}),
});

/** The largest LoTW certificate taken (a .p12 is a few kilobytes). */
export const LOTW_CERTIFICATE_MAX_BYTES = 64 * 1024;

export const CONNECTION_FIELDS: Readonly<Record<SyncedService, readonly ConnectionField[]>> = {
  lotw: [
    field('login', 'LoTW user name', 'text', true),
    field('password', 'LoTW password', 'password', true),
    field('certificate', 'Certificate (.p12 saved from TrustedQSL)', 'file', true, 'In TrustedQSL: Callsign Certificates, select yours, Save the callsign certificate (.p12).', Math.ceil((LOTW_CERTIFICATE_MAX_BYTES * 4) / 3) + 4),
    field('certificate_password', 'Certificate password', 'password', false, 'Leave blank if you saved it without one.'),
    field('station_callsign', 'Station callsign', 'text', false, 'The callsign of the certificate; your own when blank.', 20),
    field('gridsquare', 'Station grid square', 'text', false, undefined, 8),
    field('state', 'State or province', 'text', false, 'US states, Canadian provinces...: as ADIF writes them (MA).', 8),
    field('county', 'County', 'text', false, undefined, 64),
  ],
  qrz: [field('api_key', 'QRZ Logbook API key', 'password', true, 'In your QRZ logbook: Settings, API key (a subscription is needed).', 64)],
  clublog: [
    field('email', 'Club Log e-mail', 'email', true),
    field('password', 'Club Log application password', 'password', true, 'Made in Club Log under Settings, App Passwords (not your website password).'),
    field('callsign', 'Log callsign', 'text', false, 'The Club Log log to add to; your own callsign when blank.', 20),
  ],
  eqsl: [
    field('user', 'eQSL user name', 'text', true, undefined, 32),
    field('password', 'eQSL password', 'password', true),
    field('qth_nickname', 'QTH nickname', 'text', false, 'Only if your eQSL account has several QTH profiles.', 32),
  ],
};

export interface ConnectionSettings {
  /** Non-secret settings, as the user gave them. */
  settings: Record<string, string>;
  /** Secrets given in this request ('' fields left out: the stored ones are kept). */
  secrets: Record<string, string>;
  autoSync: boolean;
}

export type ConnectionRead = { ok: true; value: ConnectionSettings } | { ok: false; errors: Record<string, string[]> };

/**
 * The connect form as a client sends it: text fields, the certificate as base64, auto_sync.
 * `stored` names the secrets already kept, which may be left blank.
 */
export function readConnectionForm(service: SyncedService, body: Record<string, unknown>, stored: readonly string[] = []): ConnectionRead {
  const errors: Record<string, string[]> = {};
  const settings: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const f of CONNECTION_FIELDS[service]) {
    const raw = body[f.name];
    const value = typeof raw === 'string' ? (f.secret ? raw : raw.trim()) : typeof raw === 'number' ? String(raw) : '';
    if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number') errors[f.name] = [`${f.label} must be text.`];
    else if (value === '' && f.required && !(f.secret && stored.includes(f.name))) errors[f.name] = [`${f.label} is needed to connect ${SERVICE_NAMES[service]}.`];
    else if (value.length > f.maxLength) errors[f.name] = [f.kind === 'file' ? 'The certificate is larger than a LoTW certificate can be (64 KB).' : `${f.label} must be at most ${f.maxLength} characters.`];
    else if (f.kind === 'file' && value !== '' && !/^[A-Za-z0-9+/]+={0,2}$/.test(value.replace(/\s+/g, ''))) errors[f.name] = ['The certificate must be the .p12 file itself.'];
    else if (f.kind === 'email' && value !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) errors[f.name] = [`${f.label} must be an e-mail address.`];
    else if (value !== '') (f.secret ? secrets : settings)[f.name] = f.kind === 'file' ? value.replace(/\s+/g, '') : value;
  }
  const auto = body.auto_sync;
  const autoSync = auto === undefined || auto === null || auto === '' ? true : auto === true || auto === 1 || auto === '1' || auto === 'true' || auto === 'on';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { settings, secrets, autoSync } };
}
