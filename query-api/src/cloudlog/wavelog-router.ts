import { Router } from 'express';
import {
  cloudlogBand,
  CLOUDLOG_KEY_INVALID,
  CLOUDLOG_NO_CALLSIGN,
  contactsAdifAnswer,
  contactsAdifCursor,
  contactsAdifLimit,
  contactsStation,
  lookupAnswer,
  lookupDxcc,
  NOT_CONFIRMED,
  phpInteger,
  phpNumber,
  privateLookupAnswer,
  privateLookupStations,
  qsoToAdifFields,
  RADIO_KEY_INVALID,
  resolveCallsign,
  stationNumbered,
  WAVELOG_FETCHFROMID_INVALID,
  WAVELOG_FIELDS_MISSING,
  WAVELOG_KEY_MISSING_OR_WRONG,
  WAVELOG_KEY_OR_SESSION_MISSING,
  WAVELOG_NO_STATIONS_MATCHING,
  WAVELOG_STATION_ID_INVALID,
  WAVELOG_STATION_NOT_ACCESSIBLE,
  WAVELOG_VERSION,
  wpStatsAnswer,
  wpStatsStationId,
  writeAdifHeader,
  writeAdifRecord,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import { dxccConfirmed, logbookCounts, privateLookupFacts, qsosAfterPosition, qsosPerMode } from '@hamlog/infra/read-models/logbook/cloudlog-queries';
import { stationsOf } from '@hamlog/infra/read-models/users/api-keys';
import type { QueryDeps } from '../deps';
import { requireAccess, text, withKey, type CloudlogCalls } from './cloudlog-keys';

/**
 * Wavelog's calls beyond Cloudlog's (decision 0036), each checked in Wavelog's order and refused
 * in its words (failures go through the Cloudlog router's cloudlogFailure): any key that may read
 * (read-only keys too) reads its own account's stations only.
 */
export function wavelogExtrasRouter(deps: QueryDeps, calls: CloudlogCalls): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  /** The Wavelog version we answer as; the key comes in the body only, and a body that is no JSON is no key (401), as in Wavelog. */
  router.all(calls.withKeyInPath('version'), ...withKey(deps, 'body', { unreadableBody: 'empty' }), (_req, res) => {
    requireAccess(res, CLOUDLOG_KEY_INVALID);
    res.json({ status: 'ok', version: WAVELOG_VERSION });
  });

  /**
   * lookup's answer for the key owner's own stations (all of them, or those station_ids names)
   * with the worked and confirmed flags for the band and mode asked about.
   */
  router.all(calls.path('private_lookup'), ...withKey(deps, 'body', { unreadableBody: 'empty' }), asyncHandler(async (req, res) => {
    const access = requireAccess(res, WAVELOG_KEY_OR_SESSION_MISSING);
    const body = req.body as Record<string, unknown>;
    const own = await stationsOf(deps.pool, access.userId);
    const stations = privateLookupStations(own, body.station_ids) ?? own;
    if (stations.length === 0) {
      res.json({ status: 'failed', reason: WAVELOG_NO_STATIONS_MATCHING });
      return;
    }
    const callsign = text(body.callsign).toUpperCase();
    if (callsign === '') {
      res.json({ error: CLOUDLOG_NO_CALLSIGN });
      return;
    }
    const ids = stations.map((s) => s.userId);
    const band = cloudlogBand(body.band);
    const mode = text(body.mode).toUpperCase();
    const facts = await privateLookupFacts(deps.pool, ids, callsign, band, mode);
    const lookup = lookupAnswer(callsign, resolveCallsign(callsign), facts.latest, facts.name);
    const dxcc = lookupDxcc(lookup);
    const confirmed = dxcc === null ? NOT_CONFIRMED : await dxccConfirmed(deps.pool, ids, dxcc, band, mode);
    res.json(privateLookupAnswer(lookup, facts.worked, confirmed));
  }));

  /**
   * A station's QSOs after a cursor, as an ADIF file in JSON: the cursor is the log position of a
   * QSO's last change, so a client fetching on from lastfetchedid gets the QSOs logged since (and
   * ones edited or restored since, again, as they now are).
   */
  router.all(calls.path('get_contacts_adif'), ...withKey(deps, 'body'), asyncHandler(async (req, res) => {
    const access = requireAccess(res, RADIO_KEY_INVALID);
    const body = req.body as Record<string, unknown>;
    if (body.station_id == null || body.fetchfromid == null) throw new HttpError(400, WAVELOG_FIELDS_MISSING);
    const limit = contactsAdifLimit(body.limit);
    const from = phpNumber(body.fetchfromid);
    if (from === null) throw new HttpError(400, WAVELOG_FETCHFROMID_INVALID);
    const fetchFromId = phpInteger(from);
    const station = contactsStation(await stationsOf(deps.pool, access.userId), body.station_id);
    if (!station) throw new HttpError(401, WAVELOG_STATION_NOT_ACCESSIBLE);

    const qsos = await qsosAfterPosition(deps.pool, station.userId, fetchFromId, limit);
    let adif = '';
    if (qsos.length > 0) {
      adif = writeAdifHeader({ createdAt: now() });
      for (const { row } of qsos) adif += writeAdifRecord(qsoToAdifFields(row.fields, row.stationCallsign));
    }
    const cursor = contactsAdifCursor(fetchFromId, qsos.map((q) => q.position));
    res.json(contactsAdifAnswer(cursor, qsos.length, adif));
  }));

  /** The WordPress plugin's numbers: a station's QSOs in all, this year (UTC) and per mode. */
  router.all(calls.path('get_wp_stats'), ...withKey(deps, 'body'), asyncHandler(async (req, res) => {
    const access = requireAccess(res, WAVELOG_KEY_MISSING_OR_WRONG);
    const id = wpStatsStationId((req.body as Record<string, unknown>).station_id);
    if (id === null) throw new HttpError(400, WAVELOG_STATION_ID_INVALID);
    const station = stationNumbered(await stationsOf(deps.pool, access.userId), id);
    if (!station) throw new HttpError(401, WAVELOG_STATION_NOT_ACCESSIBLE);
    const [counts, modes] = await Promise.all([logbookCounts(deps.pool, station.userId, now().toISOString().slice(0, 10)), qsosPerMode(deps.pool, station.userId)]);
    res.json(wpStatsAnswer({ total: counts.total, year: counts.year, modes }));
  }));

  return router;
}
