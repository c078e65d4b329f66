// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAIM_EVIDENCE_REQUIRED, CLAIM_SUBMITTED, PHOTO_NOT_AN_IMAGE } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { ClaimCallsignForm } from './claim-callsign-form';

const card = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'qsl.png', { type: 'image/png' });

function fill(email: string | null, file: File | null) {
  if (email !== null) fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Note for the reviewer'), { target: { value: 'Licence since 1938' } });
  if (file) fireEvent.change(screen.getByLabelText('QSL card or licence (photo)'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Send claim' }));
}

describe('the callsign claim form', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('sends a visitor’s claim as multipart with the email, and thanks them', async () => {
    const api = fakeApi({ 'POST /vclaimcallsign': { status: 201, body: { claim_id: 'c1', message: CLAIM_SUBMITTED } } });
    renderApp(<ClaimCallsignForm initialCallsign="W1AW" signedIn={false} />);
    expect((screen.getByLabelText('Callsign') as HTMLInputElement).value).toBe('W1AW');
    fill('ham@example.com', card());
    expect(await screen.findByText(CLAIM_SUBMITTED)).toBeTruthy();
    const [call] = api.callsTo('POST', '/vclaimcallsign');
    const form = call!.body as FormData;
    expect(form.get('callsign')).toBe('W1AW');
    expect(form.get('email')).toBe('ham@example.com');
    expect(form.get('note')).toBe('Licence since 1938');
    expect((form.get('image') as File).name).toBe('qsl.png');
  });

  it('asks no email of a signed-in user, and needs the evidence before sending', async () => {
    const api = fakeApi({});
    renderApp(<ClaimCallsignForm initialCallsign="K1JT" signedIn />);
    expect(screen.queryByLabelText('Email')).toBeNull();
    fill(null, null);
    expect(screen.getByText(CLAIM_EVIDENCE_REQUIRED)).toBeTruthy();
    expect(api.callsTo('POST', '/vclaimcallsign')).toHaveLength(0);
  });

  it('shows a refused file (415) under the file field', async () => {
    fakeApi({ 'POST /vclaimcallsign': { status: 415, body: { status: 'error', message: PHOTO_NOT_AN_IMAGE } } });
    renderApp(<ClaimCallsignForm initialCallsign="W1AW" signedIn={false} />);
    fill('ham@example.com', card());
    expect(await screen.findByText(PHOTO_NOT_AN_IMAGE)).toBeTruthy();
  });
});
