/**
 * The post form's arithmetic captcha 'What is X + Y?' (X, Y from 1 to 10), checked on the server.
 * Stateless: the server hands out a challenge with a token `{x}.{y}.{expires}.{nonce}.{mac}`,
 * where mac signs the rest with a server secret (the signer is passed in: the domain does no
 * crypto I/O). The answer is checked against the signed x and y, so a client can neither pick its
 * own question nor skip it; the token expires, and a retry of the same submission with the same
 * token passes again (a create is idempotent anyway). It is a speed bump for scripts, not a proof
 * of humanity: replays within the expiry are possible by design.
 */
import { postCaptchaQuestion } from '../messages';
import { sameText } from '../same-text';

export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;
/** How long a challenge may be answered (a long post takes a while to write). */
export const CAPTCHA_TTL_MS = 6 * 60 * 60 * 1000;

export interface CaptchaChallenge {
  question: string;
  token: string;
}

/** MAC over the text with the server's secret, as text safe in a token (hex or base64url). */
export type CaptchaSigner = (text: string) => string;

/** Two numbers from 1 to 10 from a source of numbers in [0, 1). */
export function captchaNumbers(random: () => number): [number, number] {
  const pick = () => CAPTCHA_MIN + Math.floor(random() * (CAPTCHA_MAX - CAPTCHA_MIN + 1));
  return [pick(), pick()];
}

export function issueCaptcha(x: number, y: number, now: Date, nonce: string, sign: CaptchaSigner): CaptchaChallenge {
  const unsigned = `${x}.${y}.${now.getTime() + CAPTCHA_TTL_MS}.${nonce}`;
  return { question: postCaptchaQuestion(x, y), token: `${unsigned}.${sign(unsigned)}` };
}

const NUMBER = /^(?:[1-9]|10)$/;

/** Whether the answer is the sum of the question the token was issued for, unexpired and signed by us. */
export function captchaPasses(token: string, answer: string, now: Date, sign: CaptchaSigner): boolean {
  const parts = token.split('.');
  if (parts.length !== 5) return false;
  const [x, y, expires, nonce, mac] = parts as [string, string, string, string, string];
  if (!NUMBER.test(x) || !NUMBER.test(y) || !/^\d{1,15}$/.test(expires) || !/^[A-Za-z0-9_-]{1,64}$/.test(nonce)) return false;
  if (!sameText(sign(`${x}.${y}.${expires}.${nonce}`), mac)) return false;
  if (Number(expires) < now.getTime()) return false;
  const given = answer.trim();
  return /^\d{1,2}$/.test(given) && Number(given) === Number(x) + Number(y);
}
