import { CLOUDLOG_KEY_READ_ONLY, RADIO_KEY_INVALID } from '@hamlog/domain';
import { accessOfKey } from '@hamlog/infra/http/cloudlog';
import { HttpError } from '@hamlog/infra/http/errors';
import type { Pool } from '@hamlog/infra/postgres/pool';

/**
 * The user a Cloudlog write (a QSO, a rig report) is made for: the owner of a read-write key.
 * No key, an unknown one, or a read-only one is refused the way Cloudlog refuses a key it does
 * not know: 401 with 'missing api key' (which apps look for), nothing written.
 */
export async function writerOfKey(pool: Pool, key: unknown): Promise<string> {
  const access = await accessOfKey(pool, key);
  if (!access) throw new HttpError(401, RADIO_KEY_INVALID);
  if (access.rights !== 'rw') throw new HttpError(401, CLOUDLOG_KEY_READ_ONLY);
  return access.userId;
}
