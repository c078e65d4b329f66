// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewsAnswer, Post } from '@hamlog/domain/posts/api';
import {
  FAILED_TO_LOAD_NEWS,
  NO_POSTS_AVAILABLE,
  NO_VIDEOS_AVAILABLE,
  POST_BODY_TOO_SHORT,
  POST_CAPTCHA_INCORRECT,
  POST_IMAGE_OR_VIDEO_REQUIRED,
  POST_TITLE_LENGTH,
  POST_UPDATED_BANNER,
} from '@hamlog/domain/messages';
import { routes } from '@/app/router';
import { fakeApi, renderApp, resetApp, signIn, typeInto } from '@/testing/app-test-kit';

const BODY = 'A long enough body for a post about a fine evening on 20 metres with many contacts.';

const post = (patch: Partial<Post> = {}): Post => ({
  id: '0123456789abcdef01234567',
  user_id: 'u1',
  user: { name: 'Alice', my_callsign: 'W1AW', profile_image_name: 'missing.JPG' },
  title: 'My first station report',
  body: BODY,
  keywords: '',
  youtube_video_id: null,
  video_url: null,
  hero_image: 'post-abc.png',
  hero_image_name: 'post-abc.png',
  hero_thumbnail_name: 'post-abc-thumb.webp',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...patch,
});

const news = (posts: Post[], totalPosts = posts.length): NewsAnswer => ({ posts, totalPosts });

describe('news, posts and videos', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows cards with the first 100 characters, and the pager for 30 posts on page 1', async () => {
    const long = post({ body: `${'b'.repeat(120)}` });
    const api = fakeApi({ 'GET /vnews': { body: news(Array.from({ length: 12 }, (_, i) => ({ ...long, id: `0123456789abcdef0123456${i.toString(16)}`, title: `Post number ${i}` })), 30) } });
    renderApp(routes, '/news?updated=true');
    await screen.findByText('Post number 0');
    expect(screen.getByText(POST_UPDATED_BANNER)).toBeTruthy();
    expect(screen.getAllByText(`${'b'.repeat(100)}...`)).toHaveLength(12);
    expect(screen.getAllByRole('link', { name: /^Read More/ })[0]?.getAttribute('href')).toBe('/post/0123456789abcdef01234560/post-number-0');
    expect(screen.getByRole('link', { name: 'Articles' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Videos' }).getAttribute('href')).toBe('/ham-radio-videos');
    expect(screen.getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/post/new');
    const pager = screen.getByRole('navigation', { name: 'News pages' });
    expect([...pager.querySelectorAll('button, span')].map((b) => b.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
    expect(api.callsTo('GET', '/vnews')[0]?.path).toBe('/vnews?page=1&size=12');
  });

  it('says when there are no posts or videos, and when the news fail', async () => {
    fakeApi({ 'GET /vnews': { body: news([]) }, 'GET /vvideos': { body: { videos: [], totalVideos: 0 } } });
    renderApp(routes, '/news');
    expect(await screen.findByText(NO_POSTS_AVAILABLE)).toBeTruthy();
    resetApp();
    fakeApi({ 'GET /vvideos': { body: { videos: [], totalVideos: 0 } } });
    renderApp(routes, '/ham-radio-videos');
    expect(await screen.findByText(NO_VIDEOS_AVAILABLE)).toBeTruthy();
    resetApp();
    fakeApi({ 'GET /vnews': { status: 500, body: { message: 'boom' } } });
    renderApp(routes, '/news');
    expect(await screen.findByText(FAILED_TO_LOAD_NEWS)).toBeTruthy();
  });

  it('shows a body full of markup as text, with links and line breaks, and Edit only for the author', async () => {
    const body = '<script>window.__ran = 1</script><b>bold</b> <img src=x onerror="window.__ran = 2">text\nsee https://example.com/x';
    fakeApi({ 'POST /vpost/0123456789abcdef01234567': { body: post({ body }) } });
    renderApp(routes, '/post/0123456789abcdef01234567/my-first-station-report');
    await screen.findByRole('heading', { level: 1, name: 'My first station report' });
    const shown = document.querySelector('.post-body') as HTMLElement;
    expect(shown.querySelector('script, b, img')).toBeNull();
    expect(shown.textContent).toBe('bold textsee https://example.com/x');
    expect(shown.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'https://example.com/x' }).getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect((window as { __ran?: number }).__ran).toBeUndefined();
  });

  it('plays a video post inline with a Pop out button, and gives the author Edit', async () => {
    signIn({ id: 'u1' });
    fakeApi({ 'POST /vpost/0123456789abcdef01234567': { body: post({ youtube_video_id: 'dQw4w9WgXcQ', hero_image_name: null, hero_image: null, hero_thumbnail_name: null }) } });
    renderApp(routes, '/post/0123456789abcdef01234567');
    const frame = await screen.findByTitle('Video: My first station report');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/post/edit/0123456789abcdef01234567');
    fireEvent.click(screen.getByRole('button', { name: 'Pop out' }));
    expect(await screen.findByText('The video plays in the pop-out player.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play here' }));
    expect(await screen.findByTitle('Video: My first station report')).toBeTruthy();
  });

  it('checks the form as you publish, disables the other field, and shows the server captcha refusal', async () => {
    signIn();
    const api = fakeApi({
      'POST /vpostcaptcha': { body: { question: 'What is 3 + 4?', token: 'tok' } },
      'POST /vstore': { status: 422, body: { message: POST_CAPTCHA_INCORRECT, errors: { captcha_answer: [POST_CAPTCHA_INCORRECT] } } },
    });
    renderApp(routes, '/post/new');
    await screen.findByLabelText('What is 3 + 4?');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(POST_TITLE_LENGTH)).toBeTruthy();
    expect(screen.getByText(POST_BODY_TOO_SHORT)).toBeTruthy();
    expect(screen.getByText(POST_IMAGE_OR_VIDEO_REQUIRED)).toBeTruthy();
    expect(api.callsTo('POST', '/vstore')).toHaveLength(0);

    typeInto('Title', 'A title long enough');
    typeInto('Body', BODY);
    typeInto('YouTube video ID', 'dQw4w9WgXcQ');
    expect((screen.getByLabelText('Image') as HTMLInputElement).disabled).toBe(true);
    typeInto('What is 3 + 4?', '8');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(POST_CAPTCHA_INCORRECT)).toBeTruthy();
    // Refused: the form asks a new question (a challenge pays for one post), the answer cleared.
    await waitFor(() => expect(api.callsTo('POST', '/vpostcaptcha')).toHaveLength(2));
    expect((screen.getByLabelText('What is 3 + 4?') as HTMLInputElement).value).toBe('');
    const sent = api.callsTo('POST', '/vstore')[0]?.body as FormData;
    expect(sent.get('title')).toBe('A title long enough');
    expect(sent.get('youtube_video_id')).toBe('dQw4w9WgXcQ');
    expect(sent.get('captcha_token')).toBe('tok');
    expect(sent.get('captcha_answer')).toBe('8');
    expect(sent.get('request_id')).toBeTruthy();
  });

  it('edits a post: Update, the image kept by name, then the post with the banner', async () => {
    signIn({ id: 'u1' });
    const api = fakeApi({
      'POST /vpost/0123456789abcdef01234567': { body: post() },
      'POST /vpostcaptcha': { body: { question: 'What is 1 + 1?', token: 'tok' } },
      'POST /vupdate/0123456789abcdef01234567': { body: { status: 'ok', id: '0123456789abcdef01234567' } },
    });
    const { router } = renderApp(routes, '/post/edit/0123456789abcdef01234567');
    await screen.findByLabelText('What is 1 + 1?');
    expect((screen.getByLabelText('YouTube video ID') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Clear Image' })).toBeTruthy();
    typeInto('What is 1 + 1?', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/0123456789abcdef01234567'));
    expect(router.state.location.search).toBe('?updated=true');
    const sent = api.callsTo('POST', '/vupdate/0123456789abcdef01234567')[0]?.body as FormData;
    expect(sent.get('hero_image_name')).toBe('post-abc.png');
    expect(sent.get('request_id')).toBeNull();
  });
});
