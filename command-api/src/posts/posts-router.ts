import { Router, type Request } from 'express';
import type { PostCaptchaAnswer, SavePostAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { PostCaptchas } from './post-captcha';
import { postUpload } from './post-upload';
import { savePost } from './save-post';

export const POST_CAPTCHA_PATH = '/vpostcaptcha';
export const POST_STORE_PATH = '/vstore';

/**
 * The post form's writes: publish (/vstore), update by the author (/vupdate/{id}), and the
 * captcha challenge the form shows, for the signed-in user only (served here, where answers are
 * checked and spent: post-captcha.ts).
 */
export function postsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const signedIn = authenticate(deps.sessions, true);
  const captchas = new PostCaptchas(deps.pool);

  router.post(POST_CAPTCHA_PATH, signedIn, asyncHandler(async (_req, res) => {
    const answer: PostCaptchaAnswer = await captchas.issue(currentUserId(res), now());
    res.json(answer);
  }));

  /** Publishes (postId null) or updates; a create answers 201 the first time, a create sent again and an update 200. */
  const save = (postIdOf: (req: Request) => string | null) =>
    asyncHandler(async (req, res) => {
      const userId = currentUserId(res);
      const file = req.file && req.file.size > 0 ? req.file.buffer : null;
      const saved = await savePost(deps, { userId, postId: postIdOf(req), body: bodyObject(req), file, captchas, metadata: commandMetadata(res, userId), at: now() });
      const answer: SavePostAnswer = { status: 'ok', id: saved.postId };
      await answerWithPosition(res, saved.handled.appended, answer, saved.created ? 201 : 200);
    });

  router.post(POST_STORE_PATH, signedIn, postUpload, save(() => null));
  router.post('/vupdate/:id', signedIn, postUpload, save((req) => String(req.params.id)));

  return router;
}
