// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { LogPositionTracker } from './log-position';
import { mediaUrl } from './media';
import { isSubAccount, isSubscriber, type Session } from './session';
import { userTrackingId } from './tracking';
import { userFromAnswer } from './current-user';

function session(patch: Partial<Session> & { subscribed?: boolean } = {}): Session {
  const { subscribed = false, ...rest } = patch;
  return { token: 't', user: { subscribed } as Session['user'], subscription: { level: 'free', expiryDate: null }, ...rest };
}

describe('who is a subscriber', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  it('the user flag, or a level other than free that has not expired', () => {
    expect(isSubscriber(null)).toBe(false);
    expect(isSubscriber(session(), now)).toBe(false);
    expect(isSubscriber(session({ subscribed: true, subscription: null }), now)).toBe(true);
    expect(isSubscriber(session({ subscribed: false, subscription: null }), now)).toBe(false);
    // the status poll's subscription wins over a flag stored at sign-in
    expect(isSubscriber(session({ subscribed: true }), now)).toBe(false);
    expect(isSubscriber(session({ subscription: { level: 'premium', expiryDate: null } }), now)).toBe(true);
    expect(isSubscriber(session({ subscription: { level: 'premium', expiryDate: '2025-07-01T00:00:00Z' } }), now)).toBe(true);
    expect(isSubscriber(session({ subscription: { level: 'premium', expiryDate: '2025-05-01T00:00:00Z' } }), now)).toBe(false);
    expect(isSubscriber(session({ subscription: { level: 'FREE', expiryDate: null } }), now)).toBe(false);
    // an expiry that cannot be read is not in force (as the server, which refuses messages and downloads, sees it)
    expect(isSubscriber(session({ subscription: { level: 'premium', expiryDate: 'soon' } }), now)).toBe(false);
  });

  it('a sub-account has a manager', () => {
    expect(isSubAccount({ managed_by_id: null })).toBe(false);
    expect(isSubAccount({ managed_by_id: '0' })).toBe(false);
    expect(isSubAccount({ managed_by_id: 'main-1' })).toBe(true);
    expect(isSubAccount(null)).toBe(false);
  });
});

describe('small shared helpers', () => {
  afterEach(() => localStorage.clear());

  it('media addresses, none for the missing picture', () => {
    expect(mediaUrl('abc.jpg')).toBe('/media/abc.jpg');
    expect(mediaUrl('missing.JPG')).toBeNull();
    expect(mediaUrl('MISSING.jpg')).toBeNull();
    expect(mediaUrl('')).toBeNull();
    expect(mediaUrl(null)).toBeNull();
    expect(mediaUrl('a b.png')).toBe('/media/a%20b.png');
  });

  it('one tracking id per browser, remembered', () => {
    const first = userTrackingId();
    expect(first).toMatch(/.{8,}/);
    expect(userTrackingId()).toBe(first);
    expect(localStorage.getItem('user_tracking_id')).toBe(first);
  });

  it('reads a user from {user} or a bare user', () => {
    const user = { id: 'u', my_callsign: 'K1ABC' } as never;
    expect(userFromAnswer({ user })).toBe(user);
    expect(userFromAnswer(user)).toBe(user);
    expect(userFromAnswer({ message: 'x' } as never)).toBeNull();
    expect(userFromAnswer(undefined)).toBeNull();
  });
});

describe('uploads', () => {
  class Xhr {
    static last: Xhr | null = null;
    headers: Record<string, string> = {};
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    url = '';
    sent: unknown = null;
    constructor() {
      Xhr.last = this;
    }
    open(_m: string, url: string) {
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    getResponseHeader(name: string) {
      return name === 'x-log-position' ? '42' : null;
    }
    abort() {}
    send(body: unknown) {
      this.sent = body;
    }
    answer(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }

  function client(onUnauthorized: (t: string) => void = () => undefined) {
    const positions = new LogPositionTracker();
    return {
      positions,
      api: createApiClient({
        baseUrl: '/api',
        fetch: (() => Promise.reject(new Error('no fetch'))) as unknown as typeof fetch,
        getToken: () => 'tok',
        onUnauthorized,
        positions,
        createXhr: () => new Xhr() as unknown as XMLHttpRequest,
      }),
    };
  }

  it('sends the form with the token, reports progress and keeps the log position', async () => {
    const { api, positions } = client();
    const seen: number[] = [];
    const form = new FormData();
    const done = api.upload<{ status: string }>('/vuploadphoto', form, { onProgress: (f) => seen.push(f) });
    const xhr = Xhr.last as Xhr;
    expect(xhr.url).toBe('/api/vuploadphoto');
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.sent).toBe(form);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.answer(201, { status: 'ok' });
    await expect(done).resolves.toEqual({ status: 'ok' });
    expect(seen).toEqual([0.25, 1]);
    expect(positions.current()).toBe('42');
  });

  it('turns an error answer into an ApiError, and a 401 signs out', async () => {
    const dropped: string[] = [];
    const { api } = client((t) => dropped.push(t));
    const bad = api.upload('/vuploadphoto', new FormData());
    (Xhr.last as Xhr).answer(422, { status: 'error', message: 'Please select a file to upload.' });
    await expect(bad).rejects.toMatchObject({ status: 422, message: 'Please select a file to upload.' });
    const gone = api.upload('/vuploadphoto', new FormData());
    (Xhr.last as Xhr).answer(401, { message: 'Unauthenticated.' });
    await expect(gone).rejects.toMatchObject({ status: 401 });
    expect(dropped).toEqual(['tok']);
    const offline = api.upload('/vuploadphoto', new FormData());
    (Xhr.last as Xhr).onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });
});
