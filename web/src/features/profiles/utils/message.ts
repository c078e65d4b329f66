import { MESSAGE_MAX, MESSAGE_MIN } from '@/config/app';
import { MESSAGES } from '@/config/messages';

/**
 * A direct message is 5 to 500 characters once trimmed; the spec's texts otherwise. Characters
 * are code points, as the server counts them: an emoji is one, not two UTF-16 units.
 */
export function messageError(raw: string): string | null {
  const length = [...raw.trim()].length;
  if (length < MESSAGE_MIN) return MESSAGES.messageTooShort;
  if (length > MESSAGE_MAX) return MESSAGES.messageTooLong;
  return null;
}
