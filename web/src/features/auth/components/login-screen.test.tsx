// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_FAILED, PIN_CALLSIGN_LENGTH, PIN_EMAIL_NOTE, PIN_SEND_FAILED, WRONG_PIN } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { getSession } from '@/lib/session';
import { fakeApi, recordDialogs, renderApp, resetApp, testUser, typeInto } from '@/testing/app-test-kit';
import { LoginScreen } from './login-screen';

const auth = { token: 'tok-9', user: testUser(), subscription: { level: 'free', expiryDate: null } };

function setup(startWithPin = false) {
  let done = 0;
  renderApp(<LoginScreen startWithPin={startWithPin} onSuccess={() => done++} />);
  return { done: () => done };
}

describe('login screen', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('logs in with email and password', async () => {
    const api = fakeApi({ 'POST /vlogin': { body: auth } });
    const s = setup();
    typeInto('Email', ' op@example.com ');
    typeInto('Password', 'seventy-three');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(s.done()).toBe(1));
    expect(api.callsTo('POST', '/vlogin')[0]?.body).toEqual({ email: 'op@example.com', password: 'seventy-three' });
    expect(getSession()?.token).toBe('tok-9');
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
  });

  it("shows the spec's failure text until the next key press", async () => {
    fakeApi({ 'POST /vlogin': { status: 401, body: { message: 'nope' } } });
    const s = setup();
    typeInto('Email', 'op@example.com');
    typeInto('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await screen.findByText(LOGIN_FAILED);
    fireEvent.keyDown(screen.getByLabelText('Password'), { key: 'x' });
    expect(screen.queryByText(LOGIN_FAILED)).toBeNull();
    expect(s.done()).toBe(0);
    expect(getSession()).toBeNull();
  });

  it("shows the server's own text when it answers 429 (too many failed logins)", async () => {
    const tooMany = 'Too many failed logins. Please wait a few minutes and try again.';
    fakeApi({ 'POST /vlogin': { status: 429, body: { message: tooMany } } });
    const s = setup();
    typeInto('Email', 'op@example.com');
    typeInto('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await screen.findByText(tooMany);
    expect(screen.queryByText(LOGIN_FAILED)).toBeNull();
    expect(s.done()).toBe(0);
    expect(getSession()).toBeNull();
  });

  it('counts an answer without a user as a failed login', async () => {
    fakeApi({ 'POST /vlogin': { body: { token: 'x' } } });
    setup();
    typeInto('Email', 'op@example.com');
    typeInto('Password', 'whatever1');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await screen.findByText(LOGIN_FAILED);
    expect(getSession()).toBeNull();
  });

  it('the toggle reveals the One Time PIN form with its note, and Cancel hides it', () => {
    setup();
    const toggle = screen.getByRole('button', { name: MESSAGES.pinToggle });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('Callsign')).toBeTruthy();
    expect(screen.getByText(PIN_EMAIL_NOTE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SEND PIN' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByLabelText('Pin Number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Callsign')).toBeNull();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('checks the PIN callsign is 3 to 30 characters before sending', () => {
    const api = fakeApi({});
    setup(true);
    typeInto('Callsign', 'ab');
    fireEvent.click(screen.getByRole('button', { name: 'SEND PIN' }));
    expect(screen.getByText(PIN_CALLSIGN_LENGTH)).toBeTruthy();
    typeInto('Callsign', 'A'.repeat(31));
    fireEvent.click(screen.getByRole('button', { name: 'SEND PIN' }));
    expect(screen.getByText(PIN_CALLSIGN_LENGTH)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a PIN, alerts the wrong-PIN text, then logs in with the right one', async () => {
    const dialogs = recordDialogs();
    const api = fakeApi({
      'POST /vsendpin': { body: { message: 'sent' } },
      'POST /vpinlogin': (call) =>
        (call.body as { pin: string }).pin === '123456' ? { body: auth } : { status: 401, body: { message: 'Wrong pin' } },
    });
    const s = setup(true);
    typeInto('Callsign', ' pa3xyz ');
    fireEvent.click(screen.getByRole('button', { name: 'SEND PIN' }));
    await screen.findByLabelText('Pin Number');
    expect(api.callsTo('POST', '/vsendpin')[0]?.body).toEqual({ callsign: 'PA3XYZ' });

    typeInto('Pin Number', '111 111');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([WRONG_PIN]));
    expect(s.done()).toBe(0);

    typeInto('Pin Number', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(s.done()).toBe(1));
    expect(api.callsTo('POST', '/vpinlogin').map((c) => c.body)).toEqual([
      { callsign: 'PA3XYZ', pin: '111111' },
      { callsign: 'PA3XYZ', pin: '123456' },
    ]);
    expect(getSession()?.token).toBe('tok-9');
  });

  it('says so when sending the PIN fails', async () => {
    fakeApi({ 'POST /vsendpin': { status: 502, body: { message: 'mail down' } } });
    setup(true);
    typeInto('Callsign', 'PA3XYZ');
    fireEvent.click(screen.getByRole('button', { name: 'SEND PIN' }));
    await screen.findByText(PIN_SEND_FAILED);
    expect(screen.queryByLabelText('Pin Number')).toBeNull();
  });
});
