import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { sameText } from '@hamlog/domain';
import { runMigrations, type Migration } from '../postgres/migrations';

/**
 * Keys the server makes for itself to sign what it hands out and takes back later (export download
 * links, decision 0046). Each is 32 random bytes made on first use and kept in PostgreSQL, so
 * every process on the database signs and checks with the same key: a link handed out by one
 * query-api instance opens on another, and after a restart; there is nothing to configure. (The
 * post captcha's POST_CAPTCHA_SECRET, with a random key per process when unset, is right for one
 * process only.) Deleting a row replaces that key: whatever it signed stops working.
 */
export const serverSecretMigrations: Migration[] = [
  {
    id: '001_server_secrets',
    sql: `CREATE TABLE server_secrets (
      name text PRIMARY KEY,
      secret bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );`,
  },
];

/** The keys there are, by name: one per purpose, so nothing signed for one is taken for another. */
export const SERVER_SECRET_NAMES = {
  /** Export download links (query-api, adif-export/export-jobs-router.ts). */
  exportDownloadLinks: 'adif-export-download-links',
} as const;

export type ServerSecretName = (typeof SERVER_SECRET_NAMES)[keyof typeof SERVER_SECRET_NAMES];

/** The named key, made (once, whichever process comes first) if there is none yet. */
export async function serverSecret(pool: pg.Pool, name: ServerSecretName): Promise<Buffer> {
  await runMigrations(pool, 'server-secrets', serverSecretMigrations);
  await pool.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32)]);
  const { rows } = await pool.query<{ secret: Buffer }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
  const secret = rows[0]?.secret;
  if (!secret || secret.length < 32) throw new Error(`server secret ${name} is missing`);
  return secret;
}

/** Signs texts with a server secret (macOf) and checks what it signed. */
export interface TextSigner {
  sign(text: string): Promise<string>;
  /** Whether `mac` is the text's, compared in constant time (the encoded texts, so no other spelling of the same bytes passes). */
  verify(text: string, mac: string): Promise<boolean>;
}

/** HMAC-SHA256 over a text with a key, as base64url (43 characters). */
export function macOf(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
}

/** A signer with the named server secret, read once per process (and again after a failed read: the database away). */
export function serverSigner(pool: pg.Pool, name: ServerSecretName): TextSigner {
  let key: Promise<Buffer> | null = null;
  const keyOf = (): Promise<Buffer> => {
    key ??= serverSecret(pool, name).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
  return {
    sign: async (text) => macOf(await keyOf(), text),
    verify: async (text, mac) => sameText(macOf(await keyOf(), text), mac),
  };
}
