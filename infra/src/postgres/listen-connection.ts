import type pg from 'pg';

export interface ListenConnection {
  close(): Promise<void>;
}

const RETRY_MS = 1_000;

/**
 * A dedicated connection LISTENing on `channel` that outlives PostgreSQL restarts: when the
 * connection dies it is dropped and opened again (with LISTEN) every second until it works;
 * `onReconnect` then runs, because notifications sent while it was away were missed.
 * Resolves once the first LISTEN is in place (rejects if that fails).
 */
export async function listenOn(
  pool: pg.Pool,
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void = () => {},
): Promise<ListenConnection> {
  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = await pool.connect();
    next.on('error', (error) => {
      if (client !== next) return;
      client = null;
      next.release(error);
      if (!closed) retry = setTimeout(reconnect, RETRY_MS);
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onNotification(message.payload);
    });
    try {
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      next.release(error as Error);
      throw error;
    }
    if (closed) return next.release();
    client = next;
  };
  const reconnect = (): void => {
    retry = null;
    connect().then(
      () => onReconnect(),
      () => {
        if (!closed) retry = setTimeout(reconnect, RETRY_MS);
      },
    );
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      client?.release();
      client = null;
    },
  };
}
