// `npm start` runs this: the whole product in one process. With --proxy it is the production
// gateway in front of command-api and query-api instead.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { startEmbeddedServer } from './embedded-runtime';
import { startProxyGateway } from './proxy-runtime';

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

if (process.argv.includes('--proxy')) {
  await startProxyGateway(config, logger);
} else {
  await runEmbedded();
}
