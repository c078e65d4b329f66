// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { LanderRoute } from './lander';

describe('/lander/{id}', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('sends a visitor on to registration with the id as the referral', async () => {
    renderApp([{ path: 'lander/:id', element: <LanderRoute /> }], '/lander/u-123');
    expect(await screen.findByText('Now at /register?ref_id=u-123')).toBeTruthy();
  });

  it('drops an id too long to be a referral', async () => {
    renderApp([{ path: 'lander/:id', element: <LanderRoute /> }], `/lander/${'x'.repeat(101)}`);
    expect(await screen.findByText('Now at /register')).toBeTruthy();
  });

  it('sends a signed-in reader home', async () => {
    signIn();
    renderApp([{ path: 'lander/:id', element: <LanderRoute /> }], '/lander/u-123');
    expect(await screen.findByText('Now at /')).toBeTruthy();
  });
});
