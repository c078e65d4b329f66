import { hash } from 'node:crypto';
import { qsoIdFor, QsoIdsExhaustedError, QsoIdTakenError, uuidFromDigest, type Sha256 } from '@hamlog/domain';

/** How many ids of the fixed sequence a new contact tries before it is refused (QsoIdsExhaustedError). */
export const MAX_ID_PROBES = 8;

/** node's one-shot SHA-256: the same digest as the domain's, several times faster over 100,000 QSOs. */
export const nativeSha256: Sha256 = (text) => hash('sha256', text, 'buffer');
export const derivedId = (seed: string): string => uuidFromDigest(nativeSha256(seed));

/**
 * Walks a contact's ids (qsoIdFor of its duplicate key, attempt 0, 1, ...): `attempt` decides on one
 * id and throws QsoIdTakenError when that id holds another contact (it was edited, or is another
 * station's); the first id it decides on answers. Past MAX_ID_PROBES: QsoIdsExhaustedError.
 */
export async function probeQsoId<T>(key: string, attempt: (qdoId: string, probe: number) => Promise<T>): Promise<T> {
  for (let probe = 0; probe < MAX_ID_PROBES; probe += 1) {
    try {
      return await attempt(qsoIdFor(key, probe, nativeSha256), probe);
    } catch (error) {
      if (!(error instanceof QsoIdTakenError)) throw error;
    }
  }
  throw new QsoIdsExhaustedError();
}
