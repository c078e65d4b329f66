import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADIF_UPLOADS_AT_ONCE, ADIF_UPLOADS_PER_USER } from '@hamlog/domain/qso-import/api';
import { readStripeSettings, type StripeSettings } from '../payments/stripe-config';

/** Every setting comes from the environment; unset means the embedded default. */
export interface Config {
  port: number;
  dataDir: string;
  /** A PostgreSQL server; unset starts the embedded one under dataDir. */
  databaseUrl: string | undefined;
  /** esdb://... selects EventStoreDB; unset keeps events in PostgreSQL. */
  eventStoreUrl: string | undefined;
  /** Comma-separated Kafka brokers; unset uses the in-process stream. */
  kafkaBrokers: string[] | undefined;
  /** ClickHouse HTTP URL; unset keeps aggregates in PostgreSQL. */
  clickhouseUrl: string | undefined;
  /** Redis URL; unset runs jobs in-process. */
  redisUrl: string | undefined;
  /** SMTP server URL (smtp:// or smtps://user:pass@host:port); unset writes mail to dataDir/mail. */
  smtpUrl: string | undefined;
  /** The From of every mail the product sends. */
  mailFrom: string;
  webDist: string;
  /** TRUST_PROXY: whose X-Forwarded-For to believe (Express 'trust proxy' syntax; 'none' for nobody); unset: each process's default (http/client-address.ts). */
  trustProxy: string | undefined;
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer {token}`; unset: /metrics is not served. */
  metricsToken: string | undefined;
  /** The site's public origin (PUBLIC_URL, e.g. https://hamlog.example) for absolute links in shared-page previews; unset: the request's own. */
  publicUrl: string | undefined;
  /** Registrations per client address are limited (domain/src/user/quotas.ts); REGISTRATION_QUOTA=off lifts it (load tests, test suites). */
  registrationQuota: boolean;
  /** QRZ_LOGBOOK_URL: QRZ's Logbook API, which the QRZ import fetches from (tests point it at a local fake). */
  qrzLogbookUrl: string;
  /** The confirmation services (LOTW_URL, CLUBLOG_URL, EQSL_URL; QRZ's is qrzLogbookUrl) and Club Log's developer key (CLUBLOG_API_KEY). */
  confirmations: { lotwUrl: string; clublogUrl: string; clublogApiKey: string; eqslUrl: string };
  /** CREDENTIALS_KEY: the key users' service credentials are sealed with (32 bytes, hex or base64); unset: a server secret kept in PostgreSQL. */
  credentialsKey: string | undefined;
  /** Stripe (payments/stripe-config.ts): null when STRIPE_SECRET_KEY is unset; the pages then say payments are not configured. */
  stripe: StripeSettings | null;
  /** RELEASES_FEED_URL: the desktop app's releases feed (GitHub releases JSON, domain/src/downloads); unset: /download offers the built-in fallback. */
  releasesFeedUrl: string | undefined;
  /** SOTA_SUMMITS_FILE: SOTA's summitslist.csv for the chasers' points (default DATA_DIR/sota/summitslist.csv; absent: no points). */
  sotaSummitsFile: string;
  /** ADIF files one process receives at once: ADIF_UPLOADS_PER_USER (429 beyond) and ADIF_UPLOADS_AT_ONCE (503 beyond); defaults in the domain, decision 0048. */
  adifUploads: { perUser: number; total: number };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const list = env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    kafkaBrokers: list && list.length > 0 ? list : undefined,
    clickhouseUrl: env.CLICKHOUSE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'HamLog <no-reply@hamlog.invalid>',
    trustProxy: env.TRUST_PROXY?.trim() || undefined,
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    registrationQuota: env.REGISTRATION_QUOTA?.trim().toLowerCase() !== 'off',
    qrzLogbookUrl: env.QRZ_LOGBOOK_URL?.trim() || 'https://logbook.qrz.com/api',
    confirmations: {
      lotwUrl: env.LOTW_URL?.trim() || 'https://lotw.arrl.org',
      clublogUrl: env.CLUBLOG_URL?.trim() || 'https://clublog.org',
      clublogApiKey: env.CLUBLOG_API_KEY?.trim() || '',
      eqslUrl: env.EQSL_URL?.trim() || 'https://www.eqsl.cc',
    },
    credentialsKey: env.CREDENTIALS_KEY?.trim() || undefined,
    stripe: readStripeSettings(env),
    releasesFeedUrl: env.RELEASES_FEED_URL?.trim() || undefined,
    sotaSummitsFile: resolve(env.SOTA_SUMMITS_FILE?.trim() || join(dataDir, 'sota', 'summitslist.csv')),
    adifUploads: { perUser: positiveInteger(env.ADIF_UPLOADS_PER_USER, ADIF_UPLOADS_PER_USER), total: positiveInteger(env.ADIF_UPLOADS_AT_ONCE, ADIF_UPLOADS_AT_ONCE) },
    webDist: resolve(env.WEB_DIST ?? join(workspaceRoot(), 'web', 'dist')),
  };
}

/** The folder that holds the workspaces (web/ among them), upward from this module wherever it runs from: its source, or a service's build in dist/. */
function workspaceRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'web', 'package.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}

/** A whole number of at least 1 from the environment; unset or anything else: the default. */
function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value?.trim() || NaN);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}
