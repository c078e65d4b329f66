// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteQsoConfirm } from '@hamlog/domain/messages';
import { alertUser, confirmUser, resetDialogs, TOAST_MS } from '@/lib/dialogs';
import { DialogHost } from './dialog-host';

function page() {
  return render(
    <>
      <button type="button">Delete QSO</button>
      <DialogHost />
    </>,
  );
}

function ask(message = 'Reset counters?') {
  const opener = screen.getByRole('button', { name: 'Delete QSO' });
  opener.focus();
  let answer: boolean | undefined;
  act(() => void confirmUser(message).then((yes) => (answer = yes)));
  return { opener, answer: () => answer };
}

afterEach(() => {
  resetDialogs();
  cleanup();
  vi.useRealTimers();
});

describe('the in-page confirmation', () => {
  it('is a labelled modal alertdialog with focus on OK, kept inside by Tab', () => {
    page();
    ask();
    const dialog = screen.getByRole('alertdialog', { name: 'Reset counters?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const ok = screen.getByRole('button', { name: 'OK' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(ok);
    fireEvent.keyDown(ok, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
  });

  it('Escape cancels and gives focus back to where it was', async () => {
    page();
    const { opener, answer } = ask();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await act(async () => {});
    expect(answer()).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Enter confirms', async () => {
    page();
    const { answer } = ask();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Enter' });
    await act(async () => {});
    expect(answer()).toBe(true);
  });

  it('asks one question at a time, in order', async () => {
    page();
    const first = ask('First?');
    const second = ask('Second?');
    expect(screen.getByRole('alertdialog').textContent).toContain('First?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => {});
    expect(first.answer()).toBe(false);
    expect(screen.getByRole('alertdialog').textContent).toContain('Second?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await act(async () => {});
    expect(second.answer()).toBe(true);
  });

  it('names the contact when deleting a QSO, not its id', () => {
    expect(deleteQsoConfirm({ Call: 'JA1XYZ', Band: '20m', TS: '2026-11-23T12:00:41Z' })).toBe(
      'Delete QSO with JA1XYZ on 20m at 12:00 UTC on 2026-11-23?',
    );
  });
});

describe('toasts', () => {
  it('are announced politely, can be dismissed, and go by themselves', () => {
    vi.useFakeTimers();
    page();
    act(() => {
      alertUser('Profile updated!');
      alertUser('API key issued.');
    });
    const toasts = screen.getAllByRole('status');
    expect(toasts.map((t) => t.textContent)).toEqual(['Profile updated!×', 'API key issued.×']);
    expect(toasts[0]?.parentElement?.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(TOAST_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
