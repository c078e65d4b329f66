import type { Qso } from '@hamlog/domain';
import type { QsoMedia } from '@hamlog/infra/read-models/qso-media/queries';

/** A QSO answer with its attachments: mp3_name is the first recording (or ''). */
export function withMedia(qso: Qso, media: QsoMedia): Qso {
  return {
    ...qso,
    mp3_name: media.recordings[0] ?? '',
    mp3s: media.recordings.map((file_name) => ({ file_name })),
    sstvs: media.sstvs.map((file_name) => ({ file_name })),
  };
}
