// The projectors on their own (production shape): every read model, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { openFoundation } from '@hamlog/infra/runtime/foundation';
import { runService } from '@hamlog/infra/runtime/service';
import { openProjectors } from './service';

const config = readConfig();
const logger = createLogger('projectors');
const foundation = await openFoundation(config, logger, { pool: { size: 10, derived: true } });
await runService('projectors', foundation, [await openProjectors(foundation)]);
