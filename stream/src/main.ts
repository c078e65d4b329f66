// The stream service on its own (production shape): forwards QSO events to Kafka and builds the
// ClickHouse aggregates from them, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { openFoundation } from '@hamlog/infra/runtime/foundation';
import { runService } from '@hamlog/infra/runtime/service';
import { openStream } from './service';

const config = readConfig();
const logger = createLogger('stream');
const foundation = await openFoundation(config, logger, { pool: { size: 6, derived: true } });
await runService('stream', foundation, [await openStream(foundation, 'hamlog-stream')]);
