import { callsignClaimDecider, callsignClaimStream, PHOTO_NOT_AN_IMAGE, PHOTO_TOO_MANY_PIXELS, type CallsignClaimInput } from '@hamlog/domain';
import { claimEvidenceName } from '@hamlog/infra/files/content-name';
import { HttpError } from '@hamlog/infra/http/errors';
import { NotAPhotoError, processPhoto, TooManyPixelsError } from '@hamlog/infra/images/photo-image';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { storeFilesFor } from '../handling/store-files';

/**
 * A claim with its evidence (decision 0025): the image is checked by its content and re-encoded
 * like a photo (photo-image.ts; anything else is 415), stored, then the claim is recorded. The
 * claim id comes from the request, so a resent form lands on the same claim.
 */
export async function submitCallsignClaim(
  deps: Pick<CommandDeps, 'store' | 'files' | 'logger'>,
  claim: Omit<CallsignClaimInput, 'evidence'>,
  image: Buffer,
  metadata: EventMetadata,
  now: Date,
) {
  let processed;
  try {
    processed = await processPhoto(image);
  } catch (error) {
    if (error instanceof NotAPhotoError) throw new HttpError(415, PHOTO_NOT_AN_IMAGE);
    if (error instanceof TooManyPixelsError) throw new HttpError(422, PHOTO_TOO_MANY_PIXELS);
    throw error;
  }
  const evidence = claimEvidenceName(claim.claimId, processed.format);
  // A claim that cannot be recorded leaves no evidence file behind.
  return storeFilesFor(deps.files, deps.logger, [{ name: evidence, bytes: processed.image }], () =>
    handleCommand(
      deps.store,
      callsignClaimStream(claim.claimId),
      callsignClaimDecider,
      { type: 'SubmitCallsignClaim', data: { ...claim, evidence, at: now.toISOString() } },
      metadata,
    ),
  );
}
