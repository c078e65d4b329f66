/**
 * A direct message's length rule (community spec §5): 5 to 500 characters once trimmed, counted
 * as code points (an emoji is one character, not two). Apart from rules.ts so that the client can
 * check it as the user types without loading the message ids' hashing and the domain errors.
 */
import { MESSAGE_TOO_LONG, MESSAGE_TOO_SHORT } from '../messages';

export const DIRECT_MESSAGE_MIN_LENGTH = 5;
export const DIRECT_MESSAGE_MAX_LENGTH = 500;

/** The message's length as the rule counts it: code points of the trimmed text. */
export function directMessageLength(text: string): number {
  return [...text.trim()].length;
}

/** Why a message is too short or too long, or null when its length is allowed. */
export function directMessageLengthError(text: string): string | null {
  const length = directMessageLength(text);
  if (length < DIRECT_MESSAGE_MIN_LENGTH) return MESSAGE_TOO_SHORT;
  if (length > DIRECT_MESSAGE_MAX_LENGTH) return MESSAGE_TOO_LONG;
  return null;
}
