// `npm start` runs this: the whole product in one process. (The production shape's front door is
// nginx: gateway/nginx/hamlog.conf, decision 0055.)
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { startEmbeddedServer } from './embedded-runtime';

const logger = createLogger('hamlog');
const config = readConfig();

async function runEmbedded(): Promise<void> {
  const server = await startEmbeddedServer(config, logger);
  logger.info({ port: server.port, readyInMs: Math.round(process.uptime() * 1000) }, `HamLog ready at http://localhost:${server.port}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping');
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'stop failed');
          process.exit(1);
        },
      );
    });
  }
}

await runEmbedded();
