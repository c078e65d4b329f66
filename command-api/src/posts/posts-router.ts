import { Router, type Request } from 'express';
import type { PostCaptchaAnswer, SavePostAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { captchaSigner, newCaptcha } from './post-captcha';
import { postUpload } from './post-upload';
import { savePost } from './save-post';

export const POST_CAPTCHA_PATH = '/vpostcaptcha';
export const POST_STORE_PATH = '/vstore';
/** /vupdate/{id} */
export const POST_UPDATE_PATH = /^\/vupdate\/[^/]+$/;
export const POST_COMMAND_PATHS = [POST_CAPTCHA_PATH, POST_STORE_PATH];

/**
 * The post form's writes: publish (/vstore), update by the author (/vupdate/{id}), and the
 * captcha challenge the form shows (served here, where answers are checked: post-captcha.ts).
 */
export function postsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const signedIn = authenticate(deps.sessions, true);
  const sign = captchaSigner(deps.postCaptchaSecret);

  router.post(POST_CAPTCHA_PATH, signedIn, (_req, res) => {
    const answer: PostCaptchaAnswer = newCaptcha(sign, now());
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });

  /** Publishes (postId null) or updates; a create answers 201 the first time, a create sent again and an update 200. */
  const save = (postIdOf: (req: Request) => string | null) =>
    asyncHandler(async (req, res) => {
      const userId = currentUserId(res);
      const file = req.file && req.file.size > 0 ? req.file.buffer : null;
      const saved = await savePost(deps, { userId, postId: postIdOf(req), body: bodyObject(req), file, sign, metadata: commandMetadata(res, userId), at: now() });
      const answer: SavePostAnswer = { status: 'ok', id: saved.postId };
      await answerWithPosition(res, saved.handled.appended, answer, saved.created ? 201 : 200);
    });

  router.post(POST_STORE_PATH, signedIn, postUpload, save(() => null));
  router.post('/vupdate/:id', signedIn, postUpload, save((req) => String(req.params.id)));

  return router;
}
