import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POST_BODY_TOO_SHORT,
  POST_CAPTCHA_INCORRECT,
  POST_CAPTCHA_SPENT,
  POST_FILE_NOT_IMAGE,
  POST_IMAGE_AND_VIDEO,
  POST_IMAGE_OR_VIDEO_REQUIRED,
  POST_NOT_AUTHOR,
  POST_TITLE_LENGTH,
  POST_YOUTUBE_ID_INVALID,
  type NewsAnswer,
  type Post,
  type PostCaptchaAnswer,
  type ProfileAnswer,
  type VideosAnswer,
} from '@hamlog/domain';
import { isCommandPath } from '@hamlog/command-api';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

const BODY = 'A long enough body for a post about a fine evening on 20 metres with many contacts.';

describe('posts: /api/vstore, /vupdate/{id}, /vnews, /vvideos, /vpost/{id}', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let png: Buffer;
  /** The highest log position each client has seen, sent on its reads (read-your-writes). */
  const seen = new Map<ApiClient, number>();

  /** A fresh challenge, answered right (or with `answer`). */
  async function captcha(client: ApiClient, answer?: string): Promise<{ captcha_token: string; captcha_answer: string }> {
    const res = await client.post<PostCaptchaAnswer>('/vpostcaptcha');
    expect(res.status).toBe(200);
    const match = /^What is (\d+) \+ (\d+)\?$/.exec(res.body.question);
    expect(match).not.toBeNull();
    const [x, y] = [Number(match?.[1]), Number(match?.[2])];
    for (const n of [x, y]) expect(n >= 1 && n <= 10).toBe(true);
    return { captcha_token: res.body.token, captcha_answer: answer ?? String(x + y) };
  }

  /** POSTs the post form as the browser does (multipart), with the image as hero_image. */
  async function send(client: ApiClient, path: string, fields: Record<string, string>, image?: { bytes: Uint8Array; type: string; name: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (image) form.append('hero_image', new Blob([image.bytes], { type: image.type }), image.name);
    const headers: Record<string, string> = client.token ? { authorization: `Bearer ${client.token}` } : {};
    const res = await fetch(`${t.url}/api${path}`, { method: 'POST', headers, body: form });
    const position = Number(res.headers.get('x-log-position'));
    if (position > (seen.get(client) ?? 0)) seen.set(client, position);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as { status?: string; id?: string; message?: string; errors?: Record<string, string[]> } };
  }

  async function read<T>(client: ApiClient | null, path: string, body: unknown = {}): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const position = client ? seen.get(client) : undefined;
    if (position) headers['x-min-position'] = String(position);
    const res = await fetch(`${t.url}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as T };
  }

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob());
    png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#225588' } }).png().toBuffer();
  });
  afterAll(async () => t?.stop());

  it('routes the writes to command-api and the reads to query-api in the production shape', () => {
    for (const path of ['/vstore', '/vupdate/0123456789abcdef01234567', '/vpostcaptcha']) expect(isCommandPath(path), path).toBe(true);
    for (const path of ['/vnews', '/vvideos', '/vpost/0123456789abcdef01234567', '/vpostget/0123456789abcdef01234567']) expect(isCommandPath(path), path).toBe(false);
  });

  it('publishes a post with an image, shown with its author on /vpost, /vpostget and /vnews, the image served', async () => {
    const res = await send(alice, '/vstore', { title: 'My first station report', body: BODY, youtube_video_id: '', request_id: 'press-1', ...(await captcha(alice)) }, { bytes: png, type: 'image/png', name: 'shack.png' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id ?? '';
    expect(id).toMatch(/^[0-9a-f]{24}$/);

    for (const path of [`/vpost/${id}`, `/vpostget/${id}`]) {
      const post = await read<Post>(alice, path);
      expect(post.status).toBe(200);
      expect(post.body).toMatchObject({ id, title: 'My first station report', body: BODY, youtube_video_id: null, video_url: null, user: { my_callsign: 'W1AW' } });
      expect(post.body.hero_image_name).toMatch(/^post-[0-9a-f]{32}\.png$/);
      expect(post.body.user.profile_image_name).toBe('missing.JPG');
    }
    const post = (await read<Post>(alice, `/vpost/${id}`)).body;
    const [image, thumb] = await Promise.all([fetch(`${t.url}/media/${post.hero_image_name}`), fetch(`${t.url}/media/${post.hero_thumbnail_name}`)]);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/png/);
    expect(thumb.headers.get('content-type')).toMatch(/^image\/webp/);

    const news = await read<NewsAnswer>(null, '/vnews', { page: 1, size: 12 });
    expect(news.body.totalPosts).toBe(1);
    expect(news.body.posts.map((p) => p.id)).toEqual([id]);
    expect((await read<VideosAnswer>(null, '/vvideos', { page: 1, size: 12 })).body).toEqual({ videos: [], totalVideos: 0 });
  });

  it('is idempotent: the same press sent again answers the same post and writes nothing', async () => {
    const fields = { title: 'My first station report', body: BODY, youtube_video_id: '', request_id: 'press-1', ...(await captcha(alice)) };
    const again = await send(alice, '/vstore', fields, { bytes: png, type: 'image/png', name: 'shack.png' });
    expect(again.status).toBe(200);
    const news = await read<NewsAnswer>(alice, '/vnews', { page: 1, size: 12 });
    expect(news.body.totalPosts).toBe(1);
    expect(again.body.id).toBe(news.body.posts[0]?.id);
    // Without a request_id, the content identifies the submission.
    const video = { title: 'Antenna tuning in a video', body: BODY, youtube_video_id: 'dQw4w9WgXcQ' };
    const first = await send(alice, '/vstore', { ...video, ...(await captcha(alice)) });
    const second = await send(alice, '/vstore', { ...video, ...(await captcha(alice)) });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.id).toBe(first.body.id);
  });

  it('lists video posts on /vvideos with the watch address', async () => {
    const videos = await read<VideosAnswer>(alice, '/vvideos', { page: 1, size: 12 });
    expect(videos.body.totalVideos).toBe(1);
    expect(videos.body.videos[0]).toMatchObject({ youtube_video_id: 'dQw4w9WgXcQ', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', hero_image_name: null });
  });

  it("refuses each rule with the specification's message, and writes nothing", async () => {
    const ok = { title: 'A title long enough', body: BODY, youtube_video_id: 'dQw4w9WgXcQ' };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...ok, title: 'Too short' }, 'title', POST_TITLE_LENGTH],
      [{ ...ok, title: 'x'.repeat(251) }, 'title', POST_TITLE_LENGTH],
      [{ ...ok, body: 'x'.repeat(49) }, 'body', POST_BODY_TOO_SHORT],
      [{ ...ok, youtube_video_id: 'dQw4w9WgXc' }, 'youtube_video_id', POST_YOUTUBE_ID_INVALID],
      [{ ...ok, youtube_video_id: 'dQw4w9WgXc!' }, 'youtube_video_id', POST_YOUTUBE_ID_INVALID],
      [{ ...ok, youtube_video_id: '' }, 'hero_image', POST_IMAGE_OR_VIDEO_REQUIRED],
    ];
    for (const [fields, field, message] of cases) {
      const res = await send(alice, '/vstore', { ...fields, ...(await captcha(alice)) });
      expect(res.status, message).toBe(422);
      expect(res.body.errors?.[field]?.[0]).toBe(message);
    }
    const both = await send(alice, '/vstore', { ...ok, ...(await captcha(alice)) }, { bytes: png, type: 'image/png', name: 'a.png' });
    expect(both.body.errors?.hero_image?.[0]).toBe(POST_IMAGE_AND_VIDEO);
    const notImage = await send(alice, '/vstore', { ...ok, youtube_video_id: '', ...(await captcha(alice)) }, { bytes: Buffer.from('<svg onload=alert(1)>'), type: 'image/png', name: 'a.png' });
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors?.hero_image?.[0]).toBe(POST_FILE_NOT_IMAGE);

    // The captcha is checked here: a wrong sum, a forged token, none at all.
    const wrong = await send(alice, '/vstore', { ...ok, ...(await captcha(alice, '99')) });
    expect(wrong.body.errors?.captcha_answer).toEqual([POST_CAPTCHA_INCORRECT]);
    const forged = await send(alice, '/vstore', { ...ok, captcha_token: '1.1.99999999999999.abc.forged', captcha_answer: '2' });
    expect(forged.body.errors?.captcha_answer).toEqual([POST_CAPTCHA_INCORRECT]);
    const none = await send(alice, '/vstore', ok);
    expect(none.body.errors?.captcha_answer).toEqual([POST_CAPTCHA_INCORRECT]);

    expect((await read<NewsAnswer>(alice, '/vnews')).body.totalPosts).toBe(2);
    expect((await send(new ApiClient(t.url), '/vstore', ok)).status).toBe(401);
  });

  it('lets the author update (keeping the image by its name) and refuses anyone else', async () => {
    const [post] = (await read<NewsAnswer>(alice, '/vnews', { page: 2, size: 1 })).body.posts;
    expect(post?.title).toBe('My first station report');
    const id = post?.id ?? '';
    const edit = { title: 'My first station report, revised', body: `${BODY} Now with more.`, youtube_video_id: '', hero_image_name: post?.hero_image_name ?? '' };

    const byBob = await send(bob, `/vupdate/${id}`, { ...edit, ...(await captcha(bob)) });
    expect(byBob.status).toBe(403);
    expect(byBob.body.message).toBe(POST_NOT_AUTHOR);

    const res = await send(alice, `/vupdate/${id}`, { ...edit, ...(await captcha(alice)) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = (await read<Post>(alice, `/vpost/${id}`)).body;
    expect(updated).toMatchObject({ title: edit.title, body: edit.body, hero_image_name: post?.hero_image_name });
    // The place in the news is kept.
    expect((await read<NewsAnswer>(alice, '/vnews', { page: 2, size: 1 })).body.posts[0]?.id).toBe(id);

    // Switching to a video drops the image; an image and a video at once is refused.
    const both = await send(alice, `/vupdate/${id}`, { ...edit, youtube_video_id: 'dQw4w9WgXcQ', ...(await captcha(alice)) });
    expect(both.body.errors?.hero_image?.[0]).toBe(POST_IMAGE_AND_VIDEO);
    expect((await send(alice, '/vupdate/0123456789abcdef01234567', { ...edit, ...(await captcha(alice)) })).status).toBe(404);
    expect((await read(alice, '/vpost/0123456789abcdef01234567')).status).toBe(404);
    expect((await read(alice, '/vpost/74')).status).toBe(404);
  });

  it('pages the news newest first, 12 to a page by default', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await send(bob, '/vstore', { title: `Bob's news number ${i}`, body: BODY, youtube_video_id: 'abcdefghij_', request_id: `bob-${i}`, ...(await captcha(bob)) });
      expect(res.status).toBe(201);
    }
    const first = (await read<NewsAnswer>(bob, '/vnews', { page: 1 })).body;
    expect(first.totalPosts).toBe(14);
    expect(first.posts).toHaveLength(12);
    expect(first.posts[0]?.title).toBe("Bob's news number 11");
    expect(first.posts[0]?.user.my_callsign).toBe('K1JT');
    const second = (await read<NewsAnswer>(bob, '/vnews', { page: 2, size: 12 })).body;
    expect(second.posts.map((p) => p.title)).toEqual(['Antenna tuning in a video', 'My first station report, revised']);
    const get = await fetch(`${t.url}/api/vnews?page=2&size=5`);
    expect(((await get.json()) as NewsAnswer).posts).toHaveLength(5);
    expect((await read<VideosAnswer>(bob, '/vvideos', { page: 1 })).body.totalVideos).toBe(13);
  });

  it('sends a news page compressed once for readers that accept it, and 304 to a reader that has it', async () => {
    const path = `${t.url}/api/vnews?page=1&size=12`;
    const plain = await fetch(path, { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const encoding of ['br', 'gzip']) {
      // fetch decodes the body; the text must be the same JSON.
      const res = await fetch(path, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(res.headers.get('etag'), encoding).toBe(etag.replace(/"$/, `-${encoding}"`));
      expect(await res.text(), encoding).toBe(text);
    }
    // (fetch adds 'no-cache' to a conditional request unless told otherwise.)
    const again = await fetch(path, { headers: { 'accept-encoding': 'identity', 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    // A POST (the specification's form) is never a 304, whatever it sends.
    const posted = await fetch(`${t.url}/api/vnews`, { method: 'POST', headers: { 'content-type': 'application/json', 'if-none-match': etag, 'cache-control': 'max-age=0' }, body: '{"page":1,"size":12}' });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toBe(text);
  });

  it("lists the author's posts (id and title) on their profile, newest first", async () => {
    const res = await fetch(`${t.url}/api/vprofilefor?callsign=W1AW`, { headers: { 'x-min-position': String(seen.get(bob) ?? 0) } });
    const profile = ((await res.json()) as ProfileAnswer).profile;
    expect(profile.posts.map((p) => p.title)).toEqual(['Antenna tuning in a video', 'My first station report, revised']);
  });

  it('the captcha token shows nothing of its question, answers for its own user only, and pays for one post', async () => {
    const post = (n: number) => ({ title: `Captcha rules, part ${n}`, body: BODY, youtube_video_id: 'dQw4w9WgXcQ', request_id: `captcha-${n}` });
    const total = async () => (await read<NewsAnswer>(alice, '/vnews')).body.totalPosts;
    const challenge = await captcha(alice);
    // Sealed: neither the token's text nor its bytes spell the question's numbers or their sum.
    for (const issued of [challenge.captcha_token, ...(await Promise.all([1, 2, 3].map(async () => (await alice.post<PostCaptchaAnswer>('/vpostcaptcha')).body.token)))]) {
      expect(issued).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(issued).not.toMatch(/^\d+\.\d+\./);
      const bytes = Buffer.from(issued, 'base64url').toString('latin1');
      expect(bytes).not.toMatch(/\[\d+,\d+,|\d+\.\d+\.\d{10,}/);
    }
    const before = await total();

    // Bob cannot spend Alice's challenge, even answered right.
    const byBob = await send(bob, '/vstore', { ...post(1), ...challenge });
    expect(byBob.status).toBe(422);
    expect(byBob.body.errors?.captcha_answer).toEqual([POST_CAPTCHA_INCORRECT]);
    // A wrong answer, or a form refused for another reason, leaves the challenge unspent.
    expect((await send(alice, '/vstore', { ...post(1), ...challenge, captcha_answer: '99' })).body.errors?.captcha_answer).toEqual([POST_CAPTCHA_INCORRECT]);
    expect((await send(alice, '/vstore', { ...post(1), title: 'Short', ...challenge })).status).toBe(422);
    // Answered right: one post. The same press sent again is that post (nothing written, nothing spent).
    const first = await send(alice, '/vstore', { ...post(1), ...challenge });
    expect(first.status).toBe(201);
    const again = await send(alice, '/vstore', { ...post(1), ...challenge });
    expect([again.status, again.body.id]).toEqual([200, first.body.id]);
    // Spent: another post, or an update, with the same token is refused.
    const reused = await send(alice, '/vstore', { ...post(2), ...challenge });
    expect(reused.status).toBe(422);
    expect(reused.body.errors?.captcha_answer).toEqual([POST_CAPTCHA_SPENT]);
    const update = await send(alice, `/vupdate/${first.body.id}`, { ...post(1), title: 'Captcha rules, part 1, revised', ...challenge });
    expect(update.body.errors?.captcha_answer).toEqual([POST_CAPTCHA_SPENT]);
    expect(await total()).toBe(before + 1);
    // A new challenge works.
    expect((await send(alice, '/vstore', { ...post(2), ...(await captcha(alice)) })).status).toBe(201);
    expect(await total()).toBe(before + 2);
  });
});
