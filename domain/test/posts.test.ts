import { describe, expect, it } from 'vitest';
import {
  captchaClaims,
  captchaClaimsText,
  captchaNumbers,
  captchaPasses,
  captchaQuestion,
  CAPTCHA_TTL_MS,
  isDisplayableBody,
  readCaptchaClaims,
  postBodyLines,
  postDecider,
  PostNotAuthorError,
  PostNotFoundError,
  postSnippet,
  validatePostForm,
  ValidationError,
  type PostCommand,
  type PostContent,
  type PostEvent,
  type PostFormInput,
  type PostState,
  POST_BODY_TOO_SHORT,
  POST_FILE_NOT_IMAGE,
  POST_IMAGE_AND_VIDEO,
  POST_IMAGE_OR_VIDEO_REQUIRED,
  POST_TITLE_LENGTH,
  POST_YOUTUBE_ID_INVALID,
} from '../src/index';

const BODY = 'x'.repeat(50);
const form: PostFormInput = { title: 'Ten chars!', body: BODY, youtube_video_id: 'dQw4w9WgXcQ', image: 'none' };

describe('post form rules', () => {
  it('accepts the limits: title 10 and 250, body 50, an 11-character id of letters, digits, _ and -', () => {
    expect(validatePostForm(form).ok).toBe(true);
    expect(validatePostForm({ ...form, title: 't'.repeat(250), youtube_video_id: 'a-b_C9d-e_F' }).ok).toBe(true);
    expect(validatePostForm({ ...form, youtube_video_id: '', image: 'image' })).toEqual({ ok: true, value: { title: 'Ten chars!', body: BODY, youtubeVideoId: null } });
  });

  it("answers each broken rule with the specification's message", () => {
    const errors = (input: Partial<PostFormInput>) => {
      const checked = validatePostForm({ ...form, ...input });
      return checked.ok ? {} : checked.errors;
    };
    expect(errors({ title: 'Nine char' }).title).toEqual([POST_TITLE_LENGTH]);
    expect(errors({ title: 't'.repeat(251) }).title).toEqual([POST_TITLE_LENGTH]);
    // Spaces around do not count.
    expect(errors({ title: '   Nine char   ' }).title).toEqual([POST_TITLE_LENGTH]);
    expect(errors({ body: 'x'.repeat(49) }).body).toEqual([POST_BODY_TOO_SHORT]);
    expect(errors({ youtube_video_id: 'dQw4w9WgXc' }).youtube_video_id).toEqual([POST_YOUTUBE_ID_INVALID]);
    expect(errors({ youtube_video_id: 'dQw4w9WgXcQQ' }).youtube_video_id).toEqual([POST_YOUTUBE_ID_INVALID]);
    expect(errors({ youtube_video_id: 'dQw4w9WgX.Q' }).youtube_video_id).toEqual([POST_YOUTUBE_ID_INVALID]);
    expect(errors({ youtube_video_id: '' }).hero_image).toEqual([POST_IMAGE_OR_VIDEO_REQUIRED]);
    expect(errors({ image: 'image' }).hero_image).toEqual([POST_IMAGE_AND_VIDEO]);
    expect(errors({ image: 'not-an-image', youtube_video_id: '' }).hero_image).toEqual([POST_FILE_NOT_IMAGE]);
  });
});

describe('post display', () => {
  it('strips markup, so nothing written becomes an element', () => {
    const lines = postBodyLines('<script>alert(1)</script><b>bold</b> and <img src=x onerror=alert(2)>an image');
    expect(lines).toEqual([[{ kind: 'text', text: 'bold and an image' }]]);
  });

  it('turns newlines into line breaks and http(s) addresses into links, without trailing punctuation', () => {
    expect(postBodyLines('Hello there\r\nSee https://example.com/a?b=1. Or http://x.org\n\nbye!')).toEqual([
      [{ kind: 'text', text: 'Hello there' }],
      [{ kind: 'text', text: 'See ' }, { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' }, { kind: 'text', text: '. Or ' }, { kind: 'link', text: 'http://x.org', href: 'http://x.org' }],
      [],
      [{ kind: 'text', text: 'bye!' }],
    ]);
    expect(postBodyLines('javascript:alert(1) is no link here')).toEqual([[{ kind: 'text', text: 'javascript:alert(1) is no link here' }]]);
  });

  it('shows a body only when it is longer than 5 characters once stripped', () => {
    expect(isDisplayableBody('12345')).toBe(false);
    expect(isDisplayableBody('<b>12345</b>')).toBe(false);
    expect(isDisplayableBody('123456')).toBe(true);
    expect(postBodyLines('  12345  ')).toEqual([]);
  });

  it('cuts snippets at 100 characters of plain text plus ...', () => {
    expect(postSnippet(`<p>${'a'.repeat(150)}</p>`)).toBe(`${'a'.repeat(100)}...`);
    expect(postSnippet('short\nbody')).toBe('short body...');
  });
});

describe('post captcha', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const claims = captchaClaims(3, 7, 'alice', now, 'n1');

  it('asks for the sum of two numbers from 1 to 10', () => {
    expect(captchaNumbers(() => 0)).toEqual([1, 1]);
    expect(captchaNumbers(() => 0.999999)).toEqual([10, 10]);
    expect(captchaQuestion(claims)).toBe('What is 3 + 7?');
  });

  it('passes the right sum only, from the user it was issued to, until it expires', () => {
    expect(captchaPasses(claims, '10', 'alice', now)).toBe(true);
    expect(captchaPasses(claims, ' 10 ', 'alice', now)).toBe(true);
    expect(captchaPasses(claims, '11', 'alice', now)).toBe(false);
    expect(captchaPasses(claims, '', 'alice', now)).toBe(false);
    expect(captchaPasses(claims, '10', 'bob', now)).toBe(false);
    expect(captchaPasses(claims, '10', 'alice', new Date(now.getTime() + CAPTCHA_TTL_MS + 1))).toBe(false);
    expect(captchaPasses(null, '10', 'alice', now)).toBe(false);
  });

  it('reads back the claims it wrote, and nothing else', () => {
    expect(readCaptchaClaims(captchaClaimsText(claims))).toEqual(claims);
    for (const text of [null, '', 'garbage', '[3,7,"alice",1]', '[0,7,"alice",1,"n"]', '[3,11,"alice",1,"n"]', '[3,7,5,1,"n"]', '[3,7,"alice",1,""]', '{"x":3}']) {
      expect(readCaptchaClaims(text), String(text)).toBeNull();
    }
  });
});

describe('post decider', () => {
  const content: PostContent = { title: 'A fine title', body: BODY, youtubeVideoId: 'dQw4w9WgXcQ', heroImage: null };
  const publish: PostCommand = { type: 'PublishPost', data: { ...content, postId: 'p1', userId: 'alice', at: '2026-01-01T00:00:00Z' } };
  const run = (commands: PostCommand[]): { events: PostEvent[]; state: PostState } => {
    let state = postDecider.initialState();
    const events: PostEvent[] = [];
    for (const command of commands) {
      const decided = postDecider.decide(command, state);
      events.push(...decided);
      state = decided.reduce(postDecider.evolve, state);
    }
    return { events, state };
  };

  it('publishes once: the same create again writes nothing', () => {
    expect(run([publish, publish]).events.map((e) => e.type)).toEqual(['PostPublished']);
  });

  it('lets only the author update, and only a real change is written', () => {
    const update = (userId: string, title: string): PostCommand => ({ type: 'UpdatePost', data: { ...content, title, postId: 'p1', userId, at: '2026-01-02T00:00:00Z' } });
    const { state } = run([publish]);
    expect(() => postDecider.decide(update('bob', 'Bob was here!'), state)).toThrow(PostNotAuthorError);
    expect(postDecider.decide(update('alice', content.title), state)).toEqual([]);
    const { events, state: after } = run([publish, update('alice', 'A better title')]);
    expect(events.map((e) => e.type)).toEqual(['PostPublished', 'PostUpdated']);
    expect(after.post).toMatchObject({ title: 'A better title', publishedAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z' });
    expect(() => postDecider.decide(update('alice', 'A better title'), postDecider.initialState())).toThrow(PostNotFoundError);
  });

  it('refuses content the form would refuse', () => {
    const both: PostCommand = { type: 'PublishPost', data: { ...publish.data, heroImage: { fileName: 'a.png', thumbnailName: 'a.webp' } } };
    expect(() => postDecider.decide(both, postDecider.initialState())).toThrow(ValidationError);
  });
});
