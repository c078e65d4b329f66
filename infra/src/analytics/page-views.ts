/**
 * Page views (core spec §2: each public navigation logs one). Analytics, not business state: a
 * plain append-only table outside the event log, each text capped so a caller cannot store
 * arbitrary amounts. No address is stored.
 */
import type pg from 'pg';
import type { Migration } from '../postgres/migrations';

export const pageViewMigrations: Migration[] = [
  {
    id: '001_analytics_page_views',
    sql: `CREATE TABLE analytics_page_views (
      id bigserial PRIMARY KEY,
      viewed_at timestamptz NOT NULL DEFAULT now(),
      user_id text,
      session_id text,
      page_url text NOT NULL,
      utm_source text,
      utm_medium text,
      referrer_url text
    );
    CREATE INDEX analytics_page_views_time ON analytics_page_views (viewed_at);`,
  },
];

export const PAGE_VIEW_LIMITS = { session_id: 64, page_url: 2048, utm_source: 255, utm_medium: 255, referrer_url: 2048 } as const;

export interface PageView {
  /** The signed-in caller, from the bearer token; null for visitors. */
  userId: string | null;
  sessionId: string | null;
  pageUrl: string;
  utmSource: string | null;
  utmMedium: string | null;
  referrerUrl: string | null;
}

/** Text of at most `max` characters, or null for nothing. */
export function capped(value: unknown, max: number): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return text === '' ? null : [...text].slice(0, max).join('');
}

export async function recordPageView(pool: pg.Pool, view: PageView): Promise<void> {
  await pool.query(
    'INSERT INTO analytics_page_views (user_id, session_id, page_url, utm_source, utm_medium, referrer_url) VALUES ($1, $2, $3, $4, $5, $6)',
    [view.userId, view.sessionId, view.pageUrl, view.utmSource, view.utmMedium, view.referrerUrl],
  );
}
