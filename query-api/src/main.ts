// query-api on its own (production shape): every read call, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { openFileStorage } from '@hamlog/infra/files/open-file-storage';
import { serviceTrust } from '@hamlog/infra/http/client-address';
import { createLogger } from '@hamlog/infra/observability/logger';
import { MetricsRegistry } from '@hamlog/infra/observability/metrics';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openAggregates, openContestScores, openFanOut, openLeaderboards, openPlatformStats, openStationStats } from '@hamlog/infra/runtime/adapters';
import { ReleasesFeed } from '@hamlog/infra/downloads/releases-feed';
import { openApiEssentials } from '@hamlog/infra/runtime/api-essentials';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { publicReads, queryRouter } from './app';
import { cloudlogQueryRouter } from './cloudlog/cloudlog-router';
import { attachLiveSocket } from './live/ws-gateway';

const config = readConfig();
const logger = createLogger('query-api');
const db = await openDatabase(config);
const pool = createPool(db.url, 20);
const essentials = await openApiEssentials(config, pool);
const { store, sessions, progress, writePositions } = essentials;
const aggregates = await openAggregates(config, pool);
const contestScores = openContestScores(config, pool);
const leaderboards = openLeaderboards(config, pool);
const stationStats = openStationStats(config, pool);
const platformStats = openPlatformStats(config, pool);
const releases = new ReleasesFeed({ url: config.releasesFeedUrl, pool, logger });
const deps = { pool, sessions, progress, writePositions, aggregates, contestScores, leaderboards, stationStats, platformStats, releases, logger, store, files: openFileStorage(config), publicUrl: config.publicUrl };
const metrics = new MetricsRegistry();
const reads = publicReads(deps);
// Redis pub/sub when REDIS_URL is set: every instance's clients see every update.
const fanOut = openFanOut(config);

await runService({
  name: 'query-api',
  port: config.port,
  logger,
  metrics,
  apiRouters: [reads.apiRouter, queryRouter(deps)],
  // The Cloudlog/Wavelog API's reads read their own bodies (decision 0036).
  ownBodyApi: [cloudlogQueryRouter(deps)],
  rootRouters: [reads.rootRouter],
  fastRoutes: reads.fastRoutes,
  readinessChecks: [async () => void (await pool.query('SELECT 1'))],
  trustProxy: serviceTrust(config),
  attach: (server) => attachLiveSocket(server, { fanOut, logger, metrics }),
  onStop: async () => {
    await fanOut.close();
    await aggregates.close();
    await contestScores.close();
    await leaderboards.close();
    await stationStats.close();
    await platformStats.close();
    await essentials.close();
    await pool.end();
    await db.stop();
  },
});
