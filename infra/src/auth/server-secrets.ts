import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { sameText } from '@hamlog/domain';
import { runMigrations, type Migration } from '../postgres/migrations';

/**
 * Keys the server makes for itself to sign or seal what it hands out and takes back later (export
 * download links, decision 0046; the post captcha's tokens, decision 0050). Each is 32 random
 * bytes made on first use and kept in PostgreSQL, so every process on the database signs and
 * checks with the same key: a link handed out by one query-api instance opens on another, and
 * after a restart; there is nothing to configure. Deleting a row replaces that key: whatever it
 * signed or sealed stops working.
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
  /** The post form's captcha tokens (command-api, posts/post-captcha.ts). */
  postCaptcha: 'post-captcha',
  /** Users' credentials at LoTW, QRZ, Club Log and eQSL, unless CREDENTIALS_KEY names a key (confirmations/connection-store.ts). */
  serviceCredentials: 'service-credentials',
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

/** The named key, read once per process (and again after a failed read: the database away). */
function keyOnce(pool: pg.Pool, name: ServerSecretName): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= serverSecret(pool, name).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}

/** A signer with the named server secret. */
export function serverSigner(pool: pg.Pool, name: ServerSecretName): TextSigner {
  const keyOf = keyOnce(pool, name);
  return {
    sign: async (text) => macOf(await keyOf(), text),
    verify: async (text, mac) => sameText(macOf(await keyOf(), text), mac),
  };
}

/** Seals texts so that only the server reads them, and opens what it sealed. */
export interface TextSealer {
  /** The text encrypted and authenticated, as base64url: its length is all it shows. */
  seal(text: string): Promise<string>;
  /** The text sealed with this key, or null for anything else (changed, forged, not base64url). */
  open(sealed: string): Promise<string | null>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM with the named server secret: a random IV per text, then the ciphertext, then the tag. */
export function serverSealer(pool: pg.Pool, name: ServerSecretName): TextSealer {
  return sealerWithKey(keyOnce(pool, name));
}

/** AES-256-GCM with the key `keyOf` answers (32 bytes). */
export function sealerWithKey(keyOf: () => Promise<Buffer>): TextSealer {
  return {
    async seal(text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    async open(sealed) {
      const key = await keyOf();
      if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return null;
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
