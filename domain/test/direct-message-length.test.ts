import { describe, expect, it } from 'vitest';
import { DIRECT_MESSAGE_MAX_LENGTH, directMessageLengthError } from '../src/direct-messages/length';
import { MESSAGE_TOO_LONG, MESSAGE_TOO_SHORT } from '../src/messages';

describe('direct message length (the client checks it as the user types)', () => {
  it('counts an emoji as one character (code points), not two UTF-16 units', () => {
    const emoji = '📻'.repeat(DIRECT_MESSAGE_MAX_LENGTH);
    expect(directMessageLengthError(emoji)).toBeNull();
    expect(directMessageLengthError(`${emoji}!`)).toBe(MESSAGE_TOO_LONG);
  });

  it('needs 5 characters once trimmed: four emoji are too short, five are enough', () => {
    expect(directMessageLengthError('  📻📻📻📻  ')).toBe(MESSAGE_TOO_SHORT);
    expect(directMessageLengthError('  📻📻📻📻📻  ')).toBeNull();
  });
});
