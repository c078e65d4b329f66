/**
 * The account's API keys as the settings page lists them (decision 0036): the read-write key
 * (`key_id` 'main'; replaced with POST /vnewapikey, never deleted) and the read-only keys.
 */
import * as m from '../messages';
import type { Validated } from './validation';

/** 'rw': the account's key (read and write); 'r': a read-only key. */
export type ApiKeyRights = 'rw' | 'r';

export interface ApiKeyEntry {
  key_id: string;
  api_key: string;
  rights: ApiKeyRights;
  /** ISO 8601 UTC; null for the read-write key. */
  created_at: string | null;
}

/** GET /vapikeys, POST /vapikeys/create, POST /vapikeys/delete. */
export interface ApiKeysAnswer {
  api_keys: ApiKeyEntry[];
}

export const MAIN_API_KEY_ID = 'main';

export function apiKeysAnswer(apiKey: string, readOnlyKeys: readonly { keyId: string; apiKey: string; createdAt: string }[]): ApiKeysAnswer {
  return {
    api_keys: [
      { key_id: MAIN_API_KEY_ID, api_key: apiKey, rights: 'rw', created_at: null },
      ...readOnlyKeys.map((key) => ({ key_id: key.keyId, api_key: key.apiKey, rights: 'r' as const, created_at: key.createdAt })),
    ],
  };
}

/** A key's id as the client sends it: its own id for a create (so a resend finds the key it made). */
export function validateApiKeyId(value: unknown): Validated<string> {
  const id = typeof value === 'string' ? value.trim() : '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) && id !== MAIN_API_KEY_ID ? { ok: true, value: id } : { ok: false, errors: { key_id: [m.API_KEY_ID_INVALID] } };
}
