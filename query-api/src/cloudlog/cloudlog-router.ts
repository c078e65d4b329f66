import { Router, type Request, type Response } from 'express';
import {
  authXml,
  cloudlogBand,
  CLOUDLOG_LOGBOOK_NOT_FOUND,
  CLOUDLOG_MISSING_FIELDS,
  CLOUDLOG_NO_CALLSIGN,
  gridSquare4,
  lookupAnswer,
  resolveCallsign,
  stationInfoRows,
  statisticsAnswer,
  WAVELOG_KEY_OR_SESSION_MISSING,
  type CloudlogStation,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { cloudlogFailure } from '@hamlog/infra/http/cloudlog';
import { HttpError } from '@hamlog/infra/http/errors';
import { callWorked, gridWorked, logbookCounts } from '@hamlog/infra/read-models/logbook/cloudlog-queries';
import { callHistory } from '@hamlog/infra/read-models/logbook/lookup-queries';
import { stationsOf } from '@hamlog/infra/read-models/users/api-keys';
import type { QueryDeps } from '../deps';
import { accessOf, CloudlogCalls, requireAccess, text, withKey } from './cloudlog-keys';
import { wavelogExtrasRouter } from './wavelog-router';

/** logbook_public_slug names one of the key's stations: its callsign, with '-' or '_' for '/'. */
function stationBySlug(stations: CloudlogStation[], slug: string): CloudlogStation | null {
  const callsign = slug.toUpperCase().replace(/[-_]/g, '/');
  return stations.find((s) => s.callsign === callsign) ?? null;
}

/**
 * The Cloudlog/Wavelog API's reads (decision 0036), GET or POST as apps send them (GridTracker
 * POSTs a `null` body to auth and station_info): auth, station_info, statistics, lookup and the
 * worked-before checks, and Wavelog's version, private_lookup, get_contacts_adif and get_wp_stats
 * (wavelog-router.ts). Mounted before the app's JSON parser (HttpAppOptions.ownBodyApi).
 */
export function cloudlogQueryRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const calls = new CloudlogCalls();
  router.use(calls.gate());

  /** Cloudlog's XML: Valid with the key's rights, or the invalid message (200 either way, as Cloudlog). */
  router.all(calls.withKeyInPath('auth'), ...withKey(deps, 'path'), (_req, res) => {
    res.type('text/xml').send(authXml(accessOf(res)?.rights ?? null));
  });

  /** Cloudlog's JSON variant of auth. */
  router.all(calls.withKeyInPath('check_auth'), ...withKey(deps, 'path'), (_req, res) => {
    const access = requireAccess(res);
    res.json({ status: 'valid', rights: access.rights });
  });

  /** The stations the key may log under, numbered from 1: its account, then that account's sub-accounts. */
  router.all(calls.withKeyInPath('station_info'), ...withKey(deps, 'path'), asyncHandler(async (_req, res) => {
    const access = requireAccess(res);
    res.json(stationInfoRows(await stationsOf(deps.pool, access.userId)));
  }));

  /** The key's account's QSOs today, this month, this year (UTC) and in all, as text; 201 like Wavelog. */
  router.all(calls.withKeyInPath('statistics'), ...withKey(deps, 'path'), asyncHandler(async (_req, res) => {
    const access = requireAccess(res);
    res.status(201).json(statisticsAnswer(await logbookCounts(deps.pool, access.userId, now().toISOString().slice(0, 10))));
  }));

  /** Wavelog's callsign look-up: the entity, and what the key owner's log knows of the station. */
  router.post(calls.path('lookup'), ...withKey(deps, 'body'), asyncHandler(async (req, res) => {
    const access = requireAccess(res, WAVELOG_KEY_OR_SESSION_MISSING);
    const callsign = text((req.body as Record<string, unknown>).callsign).toUpperCase();
    if (callsign === '') {
      res.json({ error: CLOUDLOG_NO_CALLSIGN });
      return;
    }
    const history = await callHistory(deps.pool, access.userId, callsign, 1);
    res.json(lookupAnswer(callsign, resolveCallsign(callsign), history.qsos[0]?.fields ?? null, history.name));
  }));

  /**
   * Worked before: {key, logbook_public_slug, callsign or grid, band?}. The slug names one of the
   * key's own stations; another user's log is never searched. 201 'Found' / 'Not Found' like Wavelog.
   */
  const check = (field: 'callsign' | 'grid') =>
    asyncHandler(async (req: Request, res: Response) => {
      requireAccess(res, 'missing api key');
      const body = req.body as Record<string, unknown>;
      const slug = text(body.logbook_public_slug);
      const value = text(body[field]);
      if (slug === '' || value === '') throw new HttpError(401, CLOUDLOG_MISSING_FIELDS);
      const station = stationBySlug(await stationsOf(deps.pool, accessOf(res)!.userId), slug);
      if (!station) throw new HttpError(404, CLOUDLOG_LOGBOOK_NOT_FOUND);
      const band = cloudlogBand(body.band);
      if (field === 'callsign') {
        const callsign = value.toUpperCase();
        const found = await callWorked(deps.pool, [station.userId], callsign, band);
        res.status(201).json({ callsign: value, result: found ? 'Found' : 'Not Found' });
        return;
      }
      const grid = gridSquare4(value);
      const found = grid !== null && (await gridWorked(deps.pool, [station.userId], grid, band));
      res.status(201).json({ gridsquare: value.toUpperCase(), result: found ? 'Found' : 'Not Found' });
    });
  router.post(calls.path('logbook_check_callsign'), ...withKey(deps, 'body'), check('callsign'));
  router.post(calls.path('logbook_check_grid'), ...withKey(deps, 'body'), check('grid'));

  router.use(wavelogExtrasRouter(deps, calls));
  router.use(cloudlogFailure);
  return router;
}
