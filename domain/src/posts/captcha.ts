/**
 * The post form's arithmetic captcha 'What is X + Y?' (X, Y from 1 to 10), checked on the server
 * (decision 0050). A challenge's claims (its numbers, the user it was issued to, its expiry and a
 * random id) travel sealed in the token: the server encrypts them with its own key (the sealing is
 * passed in: the domain does no crypto), so the token shows nothing of the question or its answer,
 * and a client can neither pick its own question nor skip it. Only the user it was issued to may
 * answer it, until it expires, and it pays for one write: the server remembers spent ids. It is a
 * speed bump for scripts, not a proof of humanity.
 */
import { postCaptchaQuestion } from '../messages';

export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;
/** How long a challenge may be answered (a long post takes a while to write). */
export const CAPTCHA_TTL_MS = 6 * 60 * 60 * 1000;

export interface CaptchaChallenge {
  question: string;
  token: string;
}

/** What a token says, sealed. */
export interface CaptchaClaims {
  x: number;
  y: number;
  /** The user it was issued to: nobody else may answer it. */
  userId: string;
  /** Epoch milliseconds after which it is refused. */
  expires: number;
  /** Random: what the server remembers once the token is spent. */
  id: string;
}

/** Two numbers from 1 to 10 from a source of numbers in [0, 1). */
export function captchaNumbers(random: () => number): [number, number] {
  const pick = () => CAPTCHA_MIN + Math.floor(random() * (CAPTCHA_MAX - CAPTCHA_MIN + 1));
  return [pick(), pick()];
}

/** A new challenge for `userId`, answerable for CAPTCHA_TTL_MS from `now`. */
export function captchaClaims(x: number, y: number, userId: string, now: Date, id: string): CaptchaClaims {
  return { x, y, userId, expires: now.getTime() + CAPTCHA_TTL_MS, id };
}

export function captchaQuestion(claims: CaptchaClaims): string {
  return postCaptchaQuestion(claims.x, claims.y);
}

/** The claims as the text the server seals into the token. */
export function captchaClaimsText(claims: CaptchaClaims): string {
  return JSON.stringify([claims.x, claims.y, claims.userId, claims.expires, claims.id]);
}

const isNumber = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= CAPTCHA_MIN && (n as number) <= CAPTCHA_MAX;

/** The claims in an opened token's text; null for anything else. */
export function readCaptchaClaims(text: string | null): CaptchaClaims | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) return null;
  const [x, y, userId, expires, id] = parsed as unknown[];
  if (!isNumber(x) || !isNumber(y) || typeof userId !== 'string' || !Number.isSafeInteger(expires) || typeof id !== 'string' || id === '') return null;
  return { x, y, userId, expires: expires as number, id };
}

/** Whether `answer` is the sum asked, given by the user the challenge was issued to, before it expired. */
export function captchaPasses(claims: CaptchaClaims | null, answer: string, userId: string, now: Date): boolean {
  if (!claims || claims.userId !== userId || claims.expires < now.getTime()) return false;
  const given = answer.trim();
  return /^\d{1,2}$/.test(given) && Number(given) === claims.x + claims.y;
}
