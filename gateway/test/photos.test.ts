import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_FILE_REQUIRED, PHOTO_NOT_AN_IMAGE, PHOTO_TOO_LARGE, type Photo, type ProfileAnswer } from '@hamlog/domain';
import { rebuild, upload } from './people-helpers';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

const picture = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

describe('photos: /api/vuploadphoto, /vphotos, /vphotodelete, /vphotomakedefault', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let png: Buffer;

  const media = (name: string) => fetch(`${t.url}/media/${name}`);
  const photosOf = async (client: ApiClient) => (await client.post<Photo[]>('/vphotos')).body;

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob());
    png = await picture(1200, 900, '#3366aa').png().toBuffer();
  });
  afterAll(async () => t?.stop());

  it('takes a PNG by its content even when named and typed as a GIF, with a smaller thumbnail', async () => {
    const res = await upload(t, alice, '/vuploadphoto', { name: 'holiday.gif', type: 'image/gif', bytes: png });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const photo = (res.body as { status: string; photo: Photo }).photo;
    expect(res.body.status).toBe('ok');
    expect(photo.id).toMatch(/^[0-9a-f]{24}$/);
    expect(photo.profile_image_name).toBe(`photo-${photo.id}.png`);
    expect(photo.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const [image, thumb] = await Promise.all([media(photo.profile_image_name), media(photo.thumbnail_name)]);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/png/);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\/webp/);
    const [imageBytes, thumbBytes] = [Buffer.from(await image.arrayBuffer()), Buffer.from(await thumb.arrayBuffer())];
    expect(await sharp(imageBytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 900 });
    expect(await sharp(thumbBytes).metadata()).toMatchObject({ format: 'webp', width: 300, height: 225 });
    expect(thumbBytes.length).toBeLessThan(imageBytes.length);
  });

  it('is idempotent: the same file again is the same photo', async () => {
    const again = await upload(t, alice, '/vuploadphoto', { name: 'copy.png', type: 'image/png', bytes: png });
    expect(again.status).toBe(200);
    const photos = await photosOf(alice);
    expect(photos).toHaveLength(1);
    expect((again.body as { photo: Photo }).photo.id).toBe(photos[0]?.id);
  });

  it('refuses what is not a JPEG, PNG or GIF, whatever its name says, and writes nothing', async () => {
    const text = await upload(t, alice, '/vuploadphoto', { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('I am text pretending to be a JPEG') });
    expect(text.status).toBe(422);
    expect(text.body).toEqual({ status: 'error', message: PHOTO_NOT_AN_IMAGE });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(t, alice, '/vuploadphoto', { name: 'x.png', type: 'image/png', bytes: svg })).status).toBe(422);
    const webp = await picture(50, 50, '#ffffff').webp().toBuffer();
    expect((await upload(t, alice, '/vuploadphoto', { name: 'x.jpeg', type: 'image/jpeg', bytes: webp })).status).toBe(422);
    expect(await photosOf(alice)).toHaveLength(1);
  });

  it('refuses an upload without a file, an oversize file (413) and visitors', async () => {
    const none = await upload(t, alice, '/vuploadphoto', null);
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ status: 'error', message: PHOTO_FILE_REQUIRED });
    const wrongField = await upload(t, alice, '/vuploadphoto', { field: 'photo', name: 'a.png', type: 'image/png', bytes: png });
    expect(wrongField.status).toBe(422);
    const json = await alice.post('/vuploadphoto', { image: 'data:image/png;base64,AAAA' });
    expect(json.body).toEqual({ status: 'error', message: PHOTO_FILE_REQUIRED });
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024)]);
    const oversize = await upload(t, alice, '/vuploadphoto', { name: 'big.jpg', type: 'image/jpeg', bytes: big });
    expect(oversize.status).toBe(413);
    expect(oversize.body).toEqual({ status: 'error', message: PHOTO_TOO_LARGE });
    expect((await upload(t, new ApiClient(t.url), '/vuploadphoto', { name: 'a.png', type: 'image/png', bytes: png })).status).toBe(401);
    expect((await new ApiClient(t.url).post('/vphotos')).status).toBe(401);
    expect(await photosOf(alice)).toHaveLength(1);
  });

  it("keeps each user's photos their own: another user's photo id is not found", async () => {
    const [photo] = await photosOf(alice);
    expect(await photosOf(bob)).toEqual([]);
    for (const path of ['/vphotodelete', '/vphotomakedefault']) {
      const res = await bob.post(path, { id: photo?.id });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 'error' });
    }
    expect((await alice.post('/vphotodelete', { id: 'no-such-photo' })).status).toBe(404);
    expect((await alice.post('/vphotodelete', {})).status).toBe(422);
    expect(await photosOf(alice)).toHaveLength(1);
  });

  it('sets the default photo, shown as the profile image', async () => {
    const [photo] = await photosOf(alice);
    const res = await alice.post<{ status: string; profile_image_name: string }>('/vphotomakedefault', { id: photo?.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', profile_image_name: photo?.profile_image_name });
    expect((await alice.post('/vphotomakedefault', { id: photo?.id })).headers.get('x-log-position')).toBeNull();
    const profile = await alice.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW');
    expect(profile.body.profile.profile_image_name).toBe(photo?.profile_image_name);
  });

  it('shows the last 4 photos on the profile, newest first', async () => {
    for (const colour of ['#aa0000', '#00aa00', '#0000aa', '#aaaa00']) {
      const res = await upload(t, alice, '/vuploadphoto', { name: 'p.jpg', type: 'image/jpeg', bytes: await picture(640, 480, colour).jpeg().toBuffer() });
      expect(res.status).toBe(201);
      expect((res.body as { photo: Photo }).photo.profile_image_name).toMatch(/\.jpg$/);
    }
    await expect.poll(async () => (await photosOf(alice)).length).toBe(5);
    const all = await photosOf(alice);
    const profile = await alice.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW');
    expect(profile.body.profile.photos.map((p) => p.id)).toEqual(all.slice(0, 4).map((p) => p.id));
  });

  it('deletes a photo and its files; deleting the default resets the profile image; a resend is fine', async () => {
    const all = await photosOf(alice);
    const original = all.at(-1) as Photo;
    const res = await alice.post<{ status: string; profile_image_name: string }>('/vphotodelete', { id: original.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', profile_image_name: 'missing.JPG' });
    expect((await media(original.profile_image_name)).status).toBe(404);
    expect((await media(original.thumbnail_name)).status).toBe(404);
    const again = await alice.post('/vphotodelete', { id: original.id });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-log-position')).toBeNull();
    expect((await photosOf(alice)).map((p) => p.id)).not.toContain(original.id);
    const profile = await alice.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW');
    expect(profile.body.profile.profile_image_name).toBe('missing.JPG');
  });

  it('rebuilds the photos read model from the log to the same answers', async () => {
    const [newest] = await photosOf(alice);
    await alice.post('/vphotomakedefault', { id: newest?.id });
    const before = { photos: await photosOf(alice), profile: (await alice.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW')).body };
    expect(before.profile.profile.profile_image_name).toBe(newest?.profile_image_name);
    await rebuild(t, ['photos']);
    await expect.poll(async () => photosOf(alice)).toEqual(before.photos);
    await expect.poll(async () => (await alice.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW')).body).toEqual(before.profile);
  });
});
