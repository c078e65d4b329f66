import { randomBytes } from 'node:crypto';
import { captchaNumbers, issueCaptcha, type CaptchaChallenge, type CaptchaSigner } from '@hamlog/domain';
import { macOf } from '@hamlog/infra/auth/server-secrets';

/**
 * Without POST_CAPTCHA_SECRET each process signs with its own random key: right for the embedded
 * default (one process); several command-api processes must share the configured secret, or a
 * challenge issued by one is refused by another.
 */
const processSecret = randomBytes(32);

export function captchaSigner(secret: string | undefined): CaptchaSigner {
  const key = secret ? Buffer.from(secret, 'utf8') : processSecret;
  return (text) => macOf(key, text);
}

export function newCaptcha(sign: CaptchaSigner, now: Date): CaptchaChallenge {
  const [x, y] = captchaNumbers(() => randomBytes(4).readUInt32BE(0) / 2 ** 32);
  return issueCaptcha(x, y, now, randomBytes(9).toString('base64url'), sign);
}
