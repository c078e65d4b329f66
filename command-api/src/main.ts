// command-api on its own (production shape): every write call, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { openFoundation } from '@hamlog/infra/runtime/foundation';
import { runService } from '@hamlog/infra/runtime/service';
import { openCommandApi } from './service';

const config = readConfig();
const logger = createLogger('command-api');
const foundation = await openFoundation(config, logger, { pool: { size: 20 }, apis: true });
await runService('command-api', foundation, [await openCommandApi(foundation)]);
