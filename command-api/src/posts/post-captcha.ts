import { randomBytes } from 'node:crypto';
import {
  captchaClaims,
  captchaClaimsText,
  captchaNumbers,
  captchaPasses,
  captchaQuestion,
  readCaptchaClaims,
  type CaptchaChallenge,
  type CaptchaClaims,
} from '@hamlog/domain';
import { SERVER_SECRET_NAMES, serverSealer, type TextSealer } from '@hamlog/infra/auth/server-secrets';
import { SpentCaptchas } from '@hamlog/infra/auth/spent-captchas';
import type { Pool } from '@hamlog/infra/postgres/pool';

/** Far longer than any token we seal (about 110 characters): longer text is not even opened. */
const MAX_TOKEN_LENGTH = 512;

/**
 * The post form's captcha on the server (domain/src/posts/captcha.ts, decision 0050): issued to a
 * user, its claims sealed with the server's own key (in PostgreSQL, so every command-api instance
 * opens what another issued), checked, and spent once.
 */
export class PostCaptchas {
  private readonly sealer: TextSealer;
  private readonly spent: SpentCaptchas;

  constructor(pool: Pool) {
    this.sealer = serverSealer(pool, SERVER_SECRET_NAMES.postCaptcha);
    this.spent = new SpentCaptchas(pool);
  }

  async issue(userId: string, now: Date): Promise<CaptchaChallenge> {
    const [x, y] = captchaNumbers(() => randomBytes(4).readUInt32BE(0) / 2 ** 32);
    const claims = captchaClaims(x, y, userId, now, randomBytes(16).toString('base64url'));
    return { question: captchaQuestion(claims), token: await this.sealer.seal(captchaClaimsText(claims)) };
  }

  /** The challenge in `token` when `answer` is its sum, given in time by the user it was issued to; else null. Whether it was spent is spend()'s to say. */
  async answered(token: string, answer: string, userId: string, now: Date): Promise<CaptchaClaims | null> {
    const claims = token !== '' && token.length <= MAX_TOKEN_LENGTH ? readCaptchaClaims(await this.sealer.open(token)) : null;
    return captchaPasses(claims, answer, userId, now) ? claims : null;
  }

  /** Spends an answered challenge on a write: true the first time only, whichever instance asks. */
  spend(claims: CaptchaClaims, now: Date): Promise<boolean> {
    return this.spent.spend(claims.id, new Date(claims.expires), now);
  }
}
