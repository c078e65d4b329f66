/**
 * What each embed page is made of, read from the read models the rest of the site reads: the
 * public profile, the live station state, photos, the logbook and the QSO attachments.
 */
import { feedUserCard } from '@hamlog/domain';
import { EMBED_PHOTO_LIMIT, EMBED_QSO_LIMIT, EMBED_SSTV_LIMIT, type EmbedKind } from '@hamlog/domain/embeds/embed-codes';
import { feedCardSources } from '@hamlog/infra/read-models/live-stations/queries';
import { logbookPage } from '@hamlog/infra/read-models/logbook/queries';
import { photosOf } from '@hamlog/infra/read-models/photos/queries';
import { findPublicUserByCallsign } from '@hamlog/infra/read-models/profiles/queries';
import { latestSstvImagesOf } from '@hamlog/infra/read-models/qso-media/queries';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { lastFrequencyPage, liveBannerPage, logsPage, photosPage, sstvPage, type EmbedLinks, type EmbedStation } from './embed-html';

/** A loaded embed, rendered when served (for the embedder's referral id, as of that moment: its relative times move on). */
export type EmbedRender = (links: EmbedLinks, now: Date) => string;

export function embedSources(pool: Pool) {

  /** The page for the station holding `callsign` (upper-case), or null when nobody holds it. */
  return async function load(kind: EmbedKind, callsign: string, now: Date): Promise<EmbedRender | null> {
    const user = await findPublicUserByCallsign(pool, callsign, now);
    if (!user) return null;
    const station: EmbedStation = { callsign: user.my_callsign, name: user.name, profileImageName: user.profile_image_name };
    switch (kind) {
      case 'live':
      case 'last': {
        const [source] = await feedCardSources(pool, [user.id]);
        if (!source) return null; // gone between the two reads
        if (kind === 'last') return (links, at) => lastFrequencyPage(station, source.rig, at, links);
        return (links, at) => liveBannerPage(station, feedUserCard(source, at), source.rig, source.lastSeenAt, at, links);
      }
      case 'photos': {
        const photos = await photosOf(pool, user.id, EMBED_PHOTO_LIMIT);
        return (links) => photosPage(station, photos, links);
      }
      case 'logs': {
        const qsos = await logbookPage(pool, user.id, 1, EMBED_QSO_LIMIT);
        return (links) => logsPage(station, qsos, links);
      }
      case 'sstv': {
        const images = await latestSstvImagesOf(pool, user.id, EMBED_SSTV_LIMIT);
        return (links) => sstvPage(station, images, links);
      }
      default: {
        const never: never = kind;
        throw new Error(`unknown embed kind ${String(never)}`);
      }
    }
  };
}
