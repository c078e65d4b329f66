import type { ConnectionStore } from '@hamlog/infra/confirmations/connection-store';
import type { SessionStore } from '@hamlog/infra/auth/session-store';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { AggregatesStore } from '@hamlog/infra/ports/aggregates';
import type { ContestScores } from '@hamlog/infra/ports/contest-scores';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { LeaderboardsStore } from '@hamlog/infra/ports/leaderboards';
import type { StationStatsStore } from '@hamlog/infra/ports/station-stats';
import type { PlatformStatsStore } from '@hamlog/infra/ports/platform-stats';
import type { ReleasesFeed } from '@hamlog/infra/downloads/releases-feed';
import type { SotaSummitFile } from '@hamlog/infra/reference/sota-summit-file';
import type { FileStorage } from '@hamlog/infra/ports/file-storage';
import type { WritePositions } from '@hamlog/infra/ports/write-positions';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';

import type { CheckedContests } from './contests/checked-contests';

export interface QueryDeps {
  pool: Pool;
  sessions: SessionStore;
  progress: ProjectionProgress;
  /** The caller's latest write, which their reads wait for. */
  writePositions: WritePositions;
  aggregates: AggregatesStore;
  /** Contest boards over the same aggregates (infra/src/runtime/adapters.ts openContestScores). */
  contestScores: ContestScores;
  /** The leaderboards over the same aggregates (infra/src/runtime/adapters.ts openLeaderboards). */
  leaderboards: LeaderboardsStore;
  /** A station's statistics over the same aggregates (infra/src/runtime/adapters.ts openStationStats). */
  stationStats: StationStatsStore;
  /** The admin analytics over the same aggregates (infra/src/runtime/adapters.ts openPlatformStats). */
  platformStats: PlatformStatsStore;
  /** The desktop app's releases feed, kept (RELEASES_FEED_URL; infra/src/downloads/releases-feed.ts). */
  releases: ReleasesFeed;
  /** SOTA's summit list for the chasers' points, when the operator keeps one. */
  sotaSummits: SotaSummitFile;
  logger: Logger;
  /** Read only: a QSO's history and QSL card come from its stream. */
  store: EventStore;
  /** Uploaded files, served at /media/{name}. */
  files: FileStorage;
  /** Users' connections to the confirmation services (their state for Settings; never a secret). */
  connections: ConnectionStore;
  /** Contests of real rules checked in a thread of their own (contests/checked-contests.ts). */
  contestChecks: CheckedContests;
  now?: () => Date;
  /** The site's public address (PUBLIC_URL), for addresses handed out to other sites (embed codes); unset: none configured. */
  publicUrl?: string;
}
