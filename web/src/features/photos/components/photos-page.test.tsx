// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PHOTO_DELETED,
  PHOTO_FILE_REQUIRED,
  PHOTO_NOT_AN_IMAGE,
  PHOTO_SET_AS_DEFAULT,
  PHOTO_UPLOADED,
} from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { getSession } from '@/lib/session';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import type { Photo } from '@/types/api';
import { PhotosPage } from './photos-page';

function photo(n: number): Photo {
  return { id: `p${n}`, profile_image_name: `p${n}.jpg`, thumbnail_name: `p${n}-t.jpg`, created_at: `2025-01-0${n}T10:00:00Z` };
}

function choose(name: string | null) {
  const input = screen.getByLabelText('Photo file') as HTMLInputElement;
  const files = name ? [new File(['x'], name, { type: 'image/jpeg' })] : [];
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

describe('photos page', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('lists the thumbnails and marks the profile picture', async () => {
    fakeApi({ 'POST /vphotos': { body: [photo(2), photo(1)] } });
    signIn({ profile_image_name: 'p1.jpg' });
    renderApp(<PhotosPage />);
    const list = await screen.findByRole('list', { name: 'Your photos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'View Photo 1' }).querySelector('img')?.getAttribute('src')).toBe('/media/p2-t.jpg');
    expect(screen.getByText('Profile picture')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Make Photo 2 the profile picture' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Photo file') as HTMLInputElement).accept).toBe('.jpg,.jpeg,.png,.gif');
  });

  it("says 'Error fetching photos: ...' when the list fails", async () => {
    fakeApi({ 'POST /vphotos': { status: 403, body: { message: 'Forbidden.' } } });
    signIn();
    renderApp(<PhotosPage />);
    await screen.findByText(MESSAGES.photosFetchError('Forbidden.'));
  });

  it('needs a file of the right kind before uploading', async () => {
    const api = fakeApi({ 'POST /vphotos': { body: [] } });
    signIn();
    renderApp(<PhotosPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(PHOTO_FILE_REQUIRED)).toBeTruthy();
    choose('notes.txt');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(MESSAGES.photoUploadError(PHOTO_NOT_AN_IMAGE))).toBeTruthy();
    expect(api.callsTo('POST', '/vuploadphoto')).toHaveLength(0);
  });

  it('uploads the file as `image` with the token, shows progress, then the new photo', async () => {
    let photos: Photo[] = [];
    const api = fakeApi({
      'POST /vphotos': () => ({ body: photos }),
      'POST /vuploadphoto': () => {
        photos = [photo(1)];
        return { status: 201, body: { status: 'ok', photo: photo(1) } };
      },
    });
    signIn();
    renderApp(<PhotosPage />);
    await screen.findByText('No photos yet.');
    choose('shack.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    await screen.findByText(PHOTO_UPLOADED);
    await screen.findByRole('button', { name: 'View Photo 1' });
    const call = api.callsTo('POST', '/vuploadphoto')[0];
    expect((call?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(((call?.body as FormData).get('image') as File).name).toBe('shack.jpg');
    expect(call?.headers.Authorization).toBe('Bearer tok-1');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("says 'Error uploading photo: ...' with the server's reason", async () => {
    fakeApi({
      'POST /vphotos': { body: [] },
      'POST /vuploadphoto': { status: 415, body: { status: 'error', message: 'The file is not a JPEG, PNG or GIF image.' } },
    });
    signIn();
    renderApp(<PhotosPage />);
    choose('fake.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText(MESSAGES.photoUploadError('The file is not a JPEG, PNG or GIF image.'));
  });

  it('deletes after asking; makes a photo the default', async () => {
    const dialogs = recordDialogs();
    let photos = [photo(2), photo(1)];
    const api = fakeApi({
      'POST /vphotos': () => ({ body: photos }),
      'POST /vphotodelete': (call) => {
        photos = photos.filter((p) => p.id !== (call.body as { id: string }).id);
        return { body: { status: 'ok', profile_image_name: 'missing.JPG' } };
      },
      'POST /vphotomakedefault': { body: { status: 'ok', profile_image_name: 'p1.jpg' } },
    });
    signIn();
    renderApp(<PhotosPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Photo 2 the profile picture' }));
    await screen.findByText(PHOTO_SET_AS_DEFAULT);
    expect(api.callsTo('POST', '/vphotomakedefault')[0]?.body).toEqual({ id: 'p1' });
    expect(getSession()?.user?.profile_image_name).toBe('p1.jpg');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Photo 1' }));
    expect(dialogs.confirms).toEqual([MESSAGES.confirmDeletePhoto]);
    await screen.findByText(PHOTO_DELETED);
    expect(api.callsTo('POST', '/vphotodelete')[0]?.body).toEqual({ id: 'p2' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^View Photo/ })).toHaveLength(1));
  });

  it('a declined delete sends nothing; failures name the action', async () => {
    recordDialogs(false);
    const api = fakeApi({
      'POST /vphotos': { body: [photo(1)] },
      'POST /vphotodelete': { status: 404, body: { message: 'Photo not found.' } },
      'POST /vphotomakedefault': { status: 404, body: { message: 'Photo not found.' } },
    });
    signIn();
    renderApp(<PhotosPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Photo 1' }));
    expect(api.callsTo('POST', '/vphotodelete')).toHaveLength(0);
    recordDialogs(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Photo 1' }));
    await screen.findByText(MESSAGES.photoDeleteError('Photo not found.'));
    fireEvent.click(screen.getByRole('button', { name: 'Make Photo 1 the profile picture' }));
    await screen.findByText(MESSAGES.photoDefaultError('Photo not found.'));
  });

  it('the lightbox opens from a thumbnail, traps focus and closes with Escape', async () => {
    fakeApi({ 'POST /vphotos': { body: [photo(2), photo(1)] } });
    signIn();
    renderApp(<PhotosPage />);
    const view = await screen.findByRole('button', { name: 'View Photo 1' });
    view.focus();
    fireEvent.click(view);
    const dialog = screen.getByRole('dialog', { name: /Photo 1/ });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Previous' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(view);
  });
});
