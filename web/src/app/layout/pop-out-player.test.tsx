// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PIP_NOT_SUPPORTED } from '@hamlog/domain/messages';
import { DialogHost } from '@/components/ui/dialog-host';
import { PopOutPlayer } from '@/components/ui/pop-out-player';
import { resetDialogs } from '@/lib/dialogs';
import { POP_OUT_START_FROM_RIGHT_PX, popOutVideo, stopPoppedVideo } from '@/lib/video-player';
import { Sidebar } from './sidebar';

function shell() {
  return render(
    <MemoryRouter>
      <Sidebar unread={0} />
      <PopOutPlayer />
      <DialogHost />
    </MemoryRouter>,
  );
}

const player = () => screen.queryByRole('region', { name: /^Video:/ });
const leftOf = (element: HTMLElement) => Number.parseFloat(element.style.left);

afterEach(() => {
  act(() => stopPoppedVideo());
  resetDialogs();
  cleanup();
});

describe('the pop-out video player', () => {
  it('plays a YouTube video in a frame 450 px from the right edge, and the sidebar can stop it', () => {
    window.innerWidth = 1280;
    shell();
    expect(player()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop video' })).toBeNull();
    act(() => popOutVideo({ kind: 'youtube', videoId: 'dQw4w9WgXcQ', title: '40m pile-up' }));
    const panel = player()!;
    expect(panel).not.toBeNull();
    expect(leftOf(panel)).toBe(1280 - POP_OUT_START_FROM_RIGHT_PX);
    expect(panel.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    fireEvent.click(screen.getByRole('button', { name: 'Stop video' }));
    expect(player()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop video' })).toBeNull();
  });

  it('moves sideways with the arrow keys on its grip and stays on screen', () => {
    window.innerWidth = 1280;
    shell();
    act(() => popOutVideo({ kind: 'iframe', src: 'https://www.youtube.com/embed/live_stream?channel=x', title: 'Live' }));
    const grip = screen.getByRole('button', { name: /Move the player/ });
    const start = leftOf(player()!);
    fireEvent.keyDown(grip, { key: 'ArrowLeft' });
    fireEvent.keyDown(grip, { key: 'ArrowLeft' });
    expect(leftOf(player()!)).toBe(start - 80);
    for (let i = 0; i < 40; i += 1) fireEvent.keyDown(grip, { key: 'ArrowRight' });
    expect(leftOf(player()!)).toBe(1280 - 420);
  });

  it("refuses the browser's picture-in-picture for a frame, with the specification's message", () => {
    shell();
    act(() => popOutVideo({ kind: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Antenna build' }));
    fireEvent.click(screen.getByRole('button', { name: 'Picture in picture' }));
    expect(screen.getByRole('status').textContent).toContain(PIP_NOT_SUPPORTED);
  });

  it('plays a plain video file in a <video> element and closes with its own button', () => {
    shell();
    act(() => popOutVideo({ kind: 'video', src: '/media/clip.mp4', title: 'SSTV pass' }));
    expect(player()!.querySelector('video')?.getAttribute('src')).toBe('/media/clip.mp4');
    fireEvent.click(screen.getByRole('button', { name: 'Close the video' }));
    expect(player()).toBeNull();
  });
});
