import { Router } from 'express';
import { CLAIM_EVIDENCE_REQUIRED, CLAIM_SUBMITTED, TOO_MANY_CLAIMS, uuidShapedId, validateCallsignClaim, type CallsignClaimAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors } from '@hamlog/infra/http/errors';
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { limiter } from '../http/limits';
import { commandMetadata } from '../http/metadata';
import { photoUpload, photoUploadErrors } from '../photos/photo-upload';
import { loadUser, mailAddressOf } from './accounts';
import { submitCallsignClaim } from './submit-callsign-claim';

export const CLAIM_CALLSIGN_PATH = '/vclaimcallsign';
/** Claims one address may send in an hour. */
const CLAIMS_PER_HOUR = 10;

/**
 * POST /vclaimcallsign (multipart: callsign, note, email when not signed in, and the evidence
 * `image`): a claim to a callsign for an admin to review (decision 0025). Signed in, the claim is
 * for the caller's account; otherwise for the email, which gets an account if it is approved.
 */
export function callsignClaimsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  // Every claim counts, its slot taken before the upload is read: reviewing them is an admin's time.
  const perAddress = limiter(deps, { name: 'callsign-claims-address', windows: [{ max: CLAIMS_PER_HOUR, windowMs: 60 * 60_000 }], refusal: TOO_MANY_CLAIMS });

  router.post(
    CLAIM_CALLSIGN_PATH,
    authenticate(deps.sessions, false),
    asyncHandler(async (req, res, next) => {
      await takeSlots(res, [[perAddress, req.ip ?? '']]);
      next();
    }),
    photoUpload,
    asyncHandler(async (req, res) => {
      const userId = (res.locals.userId as string | undefined) ?? null;
      const checked = validateCallsignClaim(bodyObject(req), userId !== null);
      if (!checked.ok) throw fieldErrors(checked.errors);
      if (!req.file || req.file.size === 0) throw fieldErrors({ image: [CLAIM_EVIDENCE_REQUIRED] });
      const account = userId ? (await loadUser(deps.store, userId)).state : null;
      const email = (account && (await mailAddressOf(deps.store, account))) || checked.value.email;
      const { callsign, note } = checked.value;
      const claimId = uuidShapedId(`callsign-claim:${String(res.locals.requestId)}:${userId ?? email}:${callsign}`);
      const metadata = userId ? commandMetadata(res, userId) : { correlationId: res.locals.requestId as string };
      const handled = await submitCallsignClaim(deps, { claimId, callsign, email, userId, note }, req.file.buffer, metadata, now());
      const answer: CallsignClaimAnswer = { claim_id: claimId, message: CLAIM_SUBMITTED };
      await answerWithPosition(res, handled.appended, answer, 201);
    }),
  );
  router.use(photoUploadErrors);
  return router;
}
