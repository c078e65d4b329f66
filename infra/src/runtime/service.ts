import { serviceTrust } from '../http/client-address';
import type { Foundation } from './foundation';
import { serveParts, type Served, type ServicePart } from './service-part';

/**
 * A service on its own (production shape): serves its parts with health and metrics on PORT, and
 * on SIGINT/SIGTERM stops accepting, lets requests in flight finish, stops the parts, then closes
 * what the foundation opened.
 */
export async function runService(name: string, foundation: Foundation, parts: ServicePart[]): Promise<Served> {
  const { config, logger, metrics } = foundation;
  const served = await serveParts(parts, { logger, metrics, port: config.port, metricsToken: config.metricsToken, publicUrl: config.publicUrl, trustProxy: serviceTrust(config) });
  logger.info({ port: served.port, readyInMs: Math.round(process.uptime() * 1000) }, `${name} ready`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      served
        .stop()
        .then(() => foundation.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'stop failed');
            process.exit(1);
          },
        );
    });
  }
  return served;
}
