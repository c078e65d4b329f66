// query-api on its own (production shape): every read call, the client, and the live websocket, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { openFoundation } from '@hamlog/infra/runtime/foundation';
import { runService } from '@hamlog/infra/runtime/service';
import { openQueryApi } from './service';

const config = readConfig();
const logger = createLogger('query-api');
const foundation = await openFoundation(config, logger, { pool: { size: 20 }, apis: true });
// Its websocket's fan-out is Redis when REDIS_URL is set: every instance's clients see every update.
await runService('query-api', foundation, [await openQueryApi(foundation, { live: 'in-process' })]);
