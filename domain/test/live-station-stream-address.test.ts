import { describe, expect, it } from 'vitest';
import { liveStreamFrameSrc, liveStreamSource, LIVE_STREAM_FRAME_ORIGINS, normaliseLiveStreamUrl } from '../src/live-station/stream-address';
import { validateProfileForm } from '../src/user/profile-form';
import { LIVE_STREAM_URL_INVALID } from '../src/live-station/texts';

const CHANNEL = 'UCabcdefghijklmnopqrstuv';

describe('a live stream address', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { kind: 'youtube', videoId: 'dQw4w9WgXcQ' }],
    ['https://youtu.be/dQw4w9WgXcQ', { kind: 'youtube', videoId: 'dQw4w9WgXcQ' }],
    ['https://m.youtube.com/live/dQw4w9WgXcQ?feature=share', { kind: 'youtube', videoId: 'dQw4w9WgXcQ' }],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', { kind: 'youtube', videoId: 'dQw4w9WgXcQ' }],
    [`https://www.youtube.com/channel/${CHANNEL}/live`, { kind: 'youtube-channel', channelId: CHANNEL }],
    [`https://www.youtube.com/embed/live_stream?channel=${CHANNEL}`, { kind: 'youtube-channel', channelId: CHANNEL }],
    ['https://www.twitch.tv/W1AW_Shack', { kind: 'twitch', channel: 'w1aw_shack' }],
    ['https://player.twitch.tv/?channel=w1aw&parent=example.com', { kind: 'twitch', channel: 'w1aw' }],
    ['https://player.vimeo.com/video/123456', { kind: 'iframe', src: 'https://player.vimeo.com/video/123456' }],
    ['https://player.kick.com/w1aw', { kind: 'iframe', src: 'https://player.kick.com/w1aw' }],
    ['https://cam.example.org/live/shack.m3u8', { kind: 'hls', src: 'https://cam.example.org/live/shack.m3u8' }],
    ['  https://cam.example.org/hls/index.M3U8?token=1  ', { kind: 'hls', src: 'https://cam.example.org/hls/index.M3U8?token=1' }],
  ])('%s plays as %o', (text, source) => {
    expect(liveStreamSource(text)).toEqual(source);
  });

  it.each([
    ['http (a https page cannot play it)', 'http://cam.example.org/live.m3u8'],
    ['a page no player may frame', 'https://evil.example.com/player.html'],
    ['a YouTube handle (its player needs the channel id)', 'https://www.youtube.com/@w1aw/live'],
    ['a YouTube video id of the wrong shape', 'https://www.youtube.com/watch?v=short'],
    ['a Twitch page that is not a channel', 'https://www.twitch.tv/directory'],
    ['a script address', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['credentials in the address', 'https://user:pass@cam.example.org/live.m3u8'],
    ['spaces', 'https://cam.example.org/my stream.m3u8'],
    ['too long', `https://cam.example.org/${'a'.repeat(250)}.m3u8`],
    ['empty', ''],
  ])('refuses %s', (_what, text) => {
    expect(liveStreamSource(text)).toBeNull();
    expect(normaliseLiveStreamUrl(text)).toBeNull();
  });

  it('frames only hosts the Content-Security-Policy allows, Twitch with the page as its parent', () => {
    const sources = [
      liveStreamSource('https://youtu.be/dQw4w9WgXcQ'),
      liveStreamSource(`https://www.youtube.com/channel/${CHANNEL}`),
      liveStreamSource('https://www.twitch.tv/w1aw'),
      liveStreamSource('https://player.vimeo.com/video/123456'),
    ];
    for (const source of sources) {
      const src = liveStreamFrameSrc(source!, 'hamlog.example', false)!;
      expect(LIVE_STREAM_FRAME_ORIGINS, src).toContain(new URL(src).origin);
    }
    expect(liveStreamFrameSrc(sources[2]!, 'hamlog.example', true)).toBe('https://player.twitch.tv/?channel=w1aw&parent=hamlog.example&autoplay=true');
    expect(liveStreamFrameSrc(liveStreamSource('https://cam.example.org/a.m3u8')!, 'hamlog.example', false)).toBeNull();
  });

  it('is a profile field: checked and stored in its normal spelling, cleared with an empty value', () => {
    const base = { name: 'Hiram', email: 'w1aw@example.com', qth: 'Newington', grid: 'FN31pr' };
    const ok = validateProfileForm({ ...base, live_stream_url: ' https://WWW.Twitch.tv/w1aw ' }, { isSubAccount: false });
    expect(ok.ok && ok.value.changes.liveStreamUrl).toBe('https://www.twitch.tv/w1aw');
    const cleared = validateProfileForm({ ...base, live_stream_url: '' }, { isSubAccount: false });
    expect(cleared.ok && cleared.value.changes.liveStreamUrl).toBe('');
    const bad = validateProfileForm({ ...base, live_stream_url: 'https://evil.example.com/x' }, { isSubAccount: false });
    expect(bad.ok ? null : bad.errors.live_stream_url).toEqual([LIVE_STREAM_URL_INVALID]);
  });
});
