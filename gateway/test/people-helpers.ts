/** Helpers for the people tests (profiles, follows, photos, messages): subscriptions and uploads. */
import { userDecider, userStreamName } from '@hamlog/domain';
import { handleCommand } from '@hamlog/command-api';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool } from '@hamlog/infra/postgres/pool';
import { Projector, projections, resetProjection } from '@hamlog/projectors';
import type { ApiClient, Answer, TestServer } from './server-harness';

/** Gives the user a subscription the way an operator would: a SubscriptionChanged on their stream. Answers the log position. */
export async function subscribe(
  t: Pick<TestServer, 'db'>,
  userId: string,
  level: string | null = 'premium',
  expiryDate: string | null = null,
  /** When the change is made (its changedAt). */
  at: Date = new Date(),
): Promise<number> {
  const pool = createPool(t.db.url, 2);
  try {
    const store = await PostgresEventStore.create(pool);
    const handled = await handleCommand(
      store,
      userStreamName(userId),
      userDecider,
      { type: 'ChangeSubscription', data: { level, expiryDate, paid: level !== null, at: at.toISOString() } },
      { userId: 'operator' },
    );
    await store.close();
    return handled.appended?.position ?? 0;
  } finally {
    await pool.end();
  }
}

/**
 * POSTs a multipart form the way a browser sends a file input, then (for a write) waits until the
 * photos read model has it, as the client's next read would.
 */
export async function upload(
  t: TestServer,
  client: ApiClient,
  path: string,
  file: { field?: string; name: string; type: string; bytes: Uint8Array } | null,
): Promise<Answer> {
  const form = new FormData();
  if (file) form.append(file.field ?? 'image', new Blob([file.bytes], { type: file.type }), file.name);
  else form.append('note', 'no file here');
  const headers: Record<string, string> = {};
  if (client.token) headers.authorization = `Bearer ${client.token}`;
  const res = await fetch(`${t.url}/api${path}`, { method: 'POST', headers, body: form });
  const text = await res.text();
  const position = res.headers.get('x-log-position');
  if (position) await fetch(`${t.url}/api/vphotos`, { method: 'POST', headers: { ...headers, 'x-min-position': position } });
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, headers: res.headers };
}

/** What `npm run rebuild -- <name>` does beside the running server: drop the read models and replay the whole log into them. */
export async function rebuild(t: TestServer, names: (keyof typeof projections)[]): Promise<void> {
  const pool = createPool(t.db.url, 4);
  const store = await PostgresEventStore.create(pool);
  try {
    const head = await store.headPosition();
    for (const name of names) {
      await resetProjection(pool, projections[name]);
      const projector = new Projector(store, pool, projections[name]);
      await projector.start();
      await projector.waitFor(head, 20_000);
      await projector.stop();
    }
  } finally {
    await store.close();
    await pool.end();
  }
}
