import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX } from '@/config/app';
import { MESSAGES } from '@/config/messages';
import { messageError } from './message';

describe('direct message length', () => {
  it('counts an emoji as one character, as the server does (code points)', () => {
    const emoji = '📻'.repeat(MESSAGE_MAX); // 500 characters, 1000 UTF-16 units
    expect(messageError(emoji)).toBeNull();
    expect(messageError(`${emoji}!`)).toBe(MESSAGES.messageTooLong);
  });

  it('needs 5 characters once trimmed: four emoji are too short, five are enough', () => {
    expect(messageError('  📻📻📻📻  ')).toBe(MESSAGES.messageTooShort);
    expect(messageError('  📻📻📻📻📻  ')).toBeNull();
  });
});
