// The one-process server as gateway/src/main.ts starts it, with the test knobs startEmbeddedServer
// takes (EmbeddedServerOptions, e.g. how soon the confirmation sync runs after logging), read as
// JSON from HAMLOG_E2E_SERVER_OPTIONS. Only startProductServer (server.ts) runs it, under tsx.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { startEmbeddedServer, type EmbeddedServerOptions } from '../../gateway/src/embedded-runtime';

const options = JSON.parse(process.env.HAMLOG_E2E_SERVER_OPTIONS ?? '{}') as EmbeddedServerOptions;
const server = await startEmbeddedServer(readConfig(), createLogger('hamlog'), options);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
