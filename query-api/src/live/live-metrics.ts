import { Gauge, type MetricsRegistry } from '@hamlog/infra/observability/metrics';
import type { LiveGatewayStats } from './live-gateway';

/** The live websocket's figures on /metrics, read from the gateway's stats (in this process or the one it runs in). */
export function registerLiveMetrics(metrics: MetricsRegistry, stats: () => LiveGatewayStats | null): void {
  const of = (pick: (s: LiveGatewayStats) => number) => async () => {
    const s = stats();
    return s ? [{ labels: {}, value: pick(s) }] : [];
  };
  metrics.register(new Gauge('live_socket_clients', 'Websocket clients connected to /ws', of((s) => s.clients)));
  metrics.register(new Gauge('live_socket_deflating_clients', 'Websocket clients that agreed to permessage-deflate', of((s) => s.deflating)));
  metrics.register(new Gauge('live_socket_skipped_ticks_total', 'Ticks not written to a websocket client that was behind', of((s) => s.skippedTicks), 'counter'));
  metrics.register(new Gauge('live_socket_frames_total', 'Frames written to websocket clients', of((s) => s.frames), 'counter'));
  metrics.register(new Gauge('live_socket_bytes_total', 'Bytes written to websocket clients', of((s) => s.bytes), 'counter'));
  metrics.register(
    new Gauge(
      'live_socket_dropped_clients_total',
      'Websocket clients cut off, by reason',
      async () => {
        const s = stats();
        return s ? Object.entries(s.dropped).map(([reason, value]) => ({ labels: { reason }, value })) : [];
      },
      'counter',
    ),
  );
}
