import { describe, expect, it } from 'vitest';
import { foldEvents } from '../src/decider';
import * as m from '../src/messages';
import {
  PHOTO_LIMIT,
  PhotoLimitError,
  PhotoNotFoundError,
  photoDecider,
  photoFileNames,
  photoIdFor,
  profileImageName,
  type PhotoEvent,
  type PhotoFile,
} from '../src/photos/decider';
import { specFor } from './support/given-when-then';

const given = specFor(photoDecider);
const at = '2025-03-01T10:00:00Z';
const file = (photoId: string): PhotoFile => ({ photoId, ...photoFileNames(photoId, 'jpeg'), format: 'jpeg', bytes: 1234, width: 800, height: 600 });
const uploaded = (photoId: string): PhotoEvent => ({ type: 'PhotoUploaded', data: { ...file(photoId), userId: 'u1', at } });
const upload = (photoId: string) => ({ type: 'UploadPhoto', data: { ...file(photoId), userId: 'u1', at } }) as const;
const deleted = (photoId: string): PhotoEvent => ({
  type: 'PhotoDeleted',
  data: { userId: 'u1', photoId, fileName: `photo-${photoId}.jpg`, thumbnailName: `photo-${photoId}-thumb.webp`, at },
});
const defaultSet = (photoId: string): PhotoEvent => ({ type: 'DefaultPhotoSet', data: { userId: 'u1', photoId, fileName: `photo-${photoId}.jpg`, at } });

describe('photos decider', () => {
  it('uploads a photo once: the same file again is a retry', () => {
    given([]).when(upload('p1')).then([uploaded('p1')]);
    given([uploaded('p1')]).when(upload('p1')).then([]);
  });

  it('uploads a deleted photo again', () => {
    given([uploaded('p1'), deleted('p1')]).when(upload('p1')).then([uploaded('p1')]);
  });

  it('caps the number of photos', () => {
    const many = Array.from({ length: PHOTO_LIMIT }, (_, i) => uploaded(`p${i}`));
    given(many).when(upload('new')).thenThrows(PhotoLimitError, m.PHOTO_LIMIT_REACHED);
    given([...many, deleted('p0')]).when(upload('new')).then([uploaded('new')]);
  });

  it('deletes an own photo; deleting it again is a retry; an unknown id is not found', () => {
    given([uploaded('p1')]).when({ type: 'DeletePhoto', data: { userId: 'u1', photoId: 'p1', at } }).then([deleted('p1')]);
    given([uploaded('p1'), deleted('p1')]).when({ type: 'DeletePhoto', data: { userId: 'u1', photoId: 'p1', at } }).then([]);
    given([uploaded('p1')]).when({ type: 'DeletePhoto', data: { userId: 'u1', photoId: 'other', at } }).thenThrows(PhotoNotFoundError, m.PHOTO_NOT_FOUND);
  });

  it('sets the default photo once, only a live one', () => {
    const make = (photoId: string) => ({ type: 'MakeDefaultPhoto', data: { userId: 'u1', photoId, at } }) as const;
    given([uploaded('p1')]).when(make('p1')).then([defaultSet('p1')]);
    given([uploaded('p1'), defaultSet('p1')]).when(make('p1')).then([]);
    given([uploaded('p1'), deleted('p1')]).when(make('p1')).thenThrows(PhotoNotFoundError);
    given([]).when(make('nope')).thenThrows(PhotoNotFoundError);
  });

  it('deleting the default photo resets the profile image to missing.JPG', () => {
    given([uploaded('p1'), defaultSet('p1')])
      .when({ type: 'DeletePhoto', data: { userId: 'u1', photoId: 'p1', at } })
      .then([deleted('p1'), { type: 'DefaultPhotoCleared', data: { userId: 'u1', at } }]);
    const withDefault = foldEvents(photoDecider, [uploaded('p1'), defaultSet('p1')]);
    expect(profileImageName(withDefault)).toBe('photo-p1.jpg');
    const cleared = foldEvents(photoDecider, [uploaded('p1'), defaultSet('p1'), deleted('p1'), { type: 'DefaultPhotoCleared', data: { userId: 'u1', at } }]);
    expect(profileImageName(cleared)).toBe('missing.JPG');
  });

  it('derives ids per user from the content hash, and safe file names', () => {
    const id = photoIdFor('u1', 'ab'.repeat(32));
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(photoIdFor('u1', 'ab'.repeat(32))).toBe(id);
    expect(photoIdFor('u2', 'ab'.repeat(32))).not.toBe(id);
    expect(photoFileNames(id, 'png')).toEqual({ fileName: `photo-${id}.png`, thumbnailName: `photo-${id}-thumb.webp` });
    expect(photoFileNames(id, 'jpeg').fileName).toBe(`photo-${id}.jpg`);
  });
});
