/**
 * query-api as a part of a server (infra/src/runtime/service-part.ts): every read call, the client's
 * pages and files, and the live websocket at /ws, in this process (the production shape) or in a
 * process of its own that this one hands the sockets to (the one-process default, decision 0053).
 */
import { ReleasesFeed } from '@hamlog/infra/downloads/releases-feed';
import { SotaSummitFile } from '@hamlog/infra/reference/sota-summit-file';
import { openAggregates, openContestScores, openLeaderboards, openPlatformStats, openStationStats } from '@hamlog/infra/runtime/adapters';
import { apiEssentials, type Foundation } from '@hamlog/infra/runtime/foundation';
import type { ServicePart } from '@hamlog/infra/runtime/service-part';
import { publicReads, queryRouter } from './app';
import { cloudlogQueryRouter } from './cloudlog/cloudlog-router';
import { ConnectionStore } from '@hamlog/infra/confirmations/connection-store';
import { latestContests } from '@hamlog/infra/read-models/contests/queries';
import { CheckedContests } from './contests/checked-contests';
import type { QueryDeps } from './deps';
import { onAirCards } from './live/live-cards';
import { launchLiveProcess } from './live/live-process-host';
import { attachLiveSocket } from './live/ws-gateway';
import { qsoPageFromReadModel } from './qso/qso-page-meta';

/** The latest contests whose first check starts with the service (the ones running now among them). */
const WARM_CONTESTS = 50;

export interface QueryApiOptions {
  /** Where the websocket's ticks run: this process (a query-api instance), or one of its own (the one-process default). */
  live: 'in-process' | 'own-process';
}

export interface QueryApi extends ServicePart {
  deps: QueryDeps;
}

export async function openQueryApi(foundation: Foundation, options: QueryApiOptions): Promise<QueryApi> {
  const { config, logger, metrics, pool, store, files, fanOut } = foundation;
  const { sessions, progress, writePositions } = apiEssentials(foundation);
  const aggregates = await openAggregates(config, pool);
  const contestScores = openContestScores(config, pool);
  const leaderboards = openLeaderboards(config, pool);
  const stationStats = openStationStats(config, pool);
  const platformStats = openPlatformStats(config, pool);
  const releases = new ReleasesFeed({ url: config.releasesFeedUrl, pool, logger });
  const connections = new ConnectionStore(pool, config.credentialsKey);
  const contestChecks = new CheckedContests(pool, logger, config.clickhouseUrl);
  void latestContests(pool, WARM_CONTESTS)
    .then((contests) => contestChecks.warm(contests, new Date()))
    .catch((error: unknown) => logger.debug({ err: error }, 'no contests to check yet'));
  const sotaSummits = new SotaSummitFile(config.sotaSummitsFile, logger);
  const deps: QueryDeps = { pool, sessions, progress, writePositions, aggregates, contestScores, leaderboards, stationStats, platformStats, releases, sotaSummits, logger, store, files, connections, contestChecks, publicUrl: config.publicUrl };
  const reads = publicReads(deps);
  const live = { fanOut, logger, metrics, initialCards: onAirCards(pool) };
  // In a process of its own, it starts now, while the rest of the server does.
  const ownProcess = options.live === 'own-process' ? launchLiveProcess(live) : null;
  return {
    deps,
    leadingApiRouters: [reads.apiRouter],
    apiRouters: [queryRouter(deps)],
    // The Cloudlog/Wavelog API's reads read their own bodies (decision 0036).
    ownBodyApi: [cloudlogQueryRouter(deps)],
    rootRouters: [reads.rootRouter],
    fastRoutes: reads.fastRoutes,
    webDist: config.webDist,
    renderIndex: qsoPageFromReadModel(pool, config.publicUrl),
    readinessChecks: [async () => void (await pool.query('SELECT 1'))],
    attach: (server) => (ownProcess ? ownProcess.attach(server) : attachLiveSocket(server, live)),
    async stop() {
      await ownProcess?.close();
      await contestChecks.close();
      await aggregates.close();
      await contestScores.close();
      await leaderboards.close();
      await stationStats.close();
      await platformStats.close();
    },
  };
}
