import { describe, expect, it } from 'vitest';
import { PHOTO_FILE_REQUIRED, PHOTO_NOT_AN_IMAGE } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { PHOTO_ACCEPT, photoFileError } from './photo-file';

describe('photo file check', () => {
  it('accepts .jpg, .jpeg, .png and .gif in any case', () => {
    expect(PHOTO_ACCEPT).toBe('.jpg,.jpeg,.png,.gif');
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.Gif']) expect(photoFileError({ name })).toBeNull();
  });

  it('needs a file, and says which kinds', () => {
    expect(photoFileError(null)).toBe(PHOTO_FILE_REQUIRED);
    expect(photoFileError({ name: 'notes.txt' })).toBe(MESSAGES.photoUploadError(PHOTO_NOT_AN_IMAGE));
    expect(photoFileError({ name: 'jpg' })).toBe(MESSAGES.photoUploadError(PHOTO_NOT_AN_IMAGE));
  });
});
