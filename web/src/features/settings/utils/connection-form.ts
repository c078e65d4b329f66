/**
 * A service's connect form (domain/src/confirmations/connections.ts names its fields): filled from
 * what the server shows back (settings; secrets only by name), checked by the server's own rule
 * before sending, and sent as /vservices/connect takes it.
 */
import type { ServiceState } from '@hamlog/domain/confirmations/api';
import { CONNECTION_FIELDS, readConnectionForm, type ConnectionField } from '@hamlog/domain/confirmations/connections';
import type { ConnectRequest } from '../api/services';

/** Shown in a stored secret's empty field: a blank secret keeps the stored one. */
export const STORED_SECRET = 'Stored — leave blank to keep';

export interface ConnectionFormValues {
  /** By field name; a secret is '' unless typed (a file: its base64 text once read). */
  fields: Record<string, string>;
  autoSync: boolean;
}

export type ConnectionFormErrors = Record<string, string>;

export const connectionFields = (state: ServiceState): readonly ConnectionField[] => CONNECTION_FIELDS[state.service];

export function connectionFormFrom(state: ServiceState): ConnectionFormValues {
  const fields = Object.fromEntries(connectionFields(state).map((f) => [f.name, f.secret ? '' : (state.settings[f.name] ?? '')]));
  return { fields, autoSync: state.connected ? state.auto_sync : true };
}

export const isStoredSecret = (state: ServiceState, field: ConnectionField) => field.secret && state.stored_secrets.includes(field.name);

export function toConnectRequest(state: ServiceState, values: ConnectionFormValues): ConnectRequest {
  return { ...values.fields, service: state.service, auto_sync: values.autoSync };
}

/** The first message of each field, as a 422 answer says them. */
export function firstErrors(errors: Record<string, string[]> | undefined): ConnectionFormErrors {
  return Object.fromEntries(Object.entries(errors ?? {}).flatMap(([name, messages]) => (messages[0] ? [[name, messages[0]]] : [])));
}

/** The server's rule, before sending: a required field left blank, an address that is not one, a file too large. */
export function checkConnectionForm(state: ServiceState, request: ConnectRequest): ConnectionFormErrors {
  const read = readConnectionForm(state.service, request, state.stored_secrets);
  return read.ok ? {} : firstErrors(read.errors);
}

/** A file's bytes as base64 text (the LoTW certificate travels so). */
export function fileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
