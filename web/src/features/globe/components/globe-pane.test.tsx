// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GlobeArc } from '@hamlog/domain/community/api-shapes';
import { GLOBE_AUTO_ROTATE_SPEED, GLOBE_HEIGHT_PX, GLOBE_REFRESH_MS } from '@hamlog/domain/community/rules';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { globeArcsQueryOptions } from '../api/get-globe-arcs';
import { loadGlobeLibrary, webGlAvailable, type GlobeConstructor } from '../lib/load-globe';
import { toArcData } from '../utils/arc-data';
import { GLOBE_UNAVAILABLE, GlobePane } from './globe-pane';

// The seam that imports globe.gl: the tests see when it is asked for, and get a fake globe.
vi.mock('../lib/load-globe', () => ({ loadGlobeLibrary: vi.fn(), webGlAvailable: vi.fn() }));

/** What a fake globe was told, and whether it was torn down. */
interface FakeGlobeState {
  element: HTMLElement;
  settings: Record<string, unknown>;
  arcs: unknown[];
  controls: { autoRotate: boolean; autoRotateSpeed: number };
  renderer: { dispose: ReturnType<typeof vi.fn>; forceContextLoss: ReturnType<typeof vi.fn>; domElement: HTMLCanvasElement };
  paused: boolean;
  destroyed: boolean;
}

let globes: FakeGlobeState[] = [];

/** A chainable stand-in for globe.gl's instance: every setter records its value and returns the globe. */
function fakeGlobe(element: HTMLElement): unknown {
  const state: FakeGlobeState = {
    element,
    settings: {},
    arcs: [],
    controls: { autoRotate: false, autoRotateSpeed: 0 },
    renderer: { dispose: vi.fn(), forceContextLoss: vi.fn(), domElement: document.createElement('canvas') },
    paused: false,
    destroyed: false,
  };
  element.appendChild(state.renderer.domElement);
  globes.push(state);
  const globe: unknown = new Proxy(
    {},
    {
      get: (_target, prop: string) => {
        if (prop === 'controls') return () => state.controls;
        if (prop === 'renderer') return () => state.renderer;
        if (prop === '_destructor') return () => void (state.destroyed = true);
        if (prop === 'pauseAnimation') return () => ((state.paused = true), globe);
        if (prop === 'arcsData') return (data: unknown[]) => ((state.arcs = data), globe);
        return (value: unknown) => ((state.settings[prop] = value), globe);
      },
    },
  );
  return globe;
}

const FakeGlobe = function FakeGlobe(element: HTMLElement) {
  return fakeGlobe(element);
} as unknown as GlobeConstructor;

function arc(entityId: string, call: string): GlobeArc {
  return {
    entity_id: entityId,
    from: { lat: 41.7, lon: -72.7, call: 'W1AW', label: 'FN31pr' },
    to: { lat: 51.5, lon: 10.25, call, label: 'Fed. Rep. of Germany' },
    meta: { band: '20m', mode: 'FT8', created_at: '2025-01-01T12:00:00Z' },
  };
}

/** The pane as the home page uses it: a pane switch turns it on and off. */
function PaneSwitch({ initiallyActive = false }: { initiallyActive?: boolean }) {
  const [active, setActive] = useState(initiallyActive);
  return (
    <>
      <button type="button" onClick={() => setActive((a) => !a)}>
        {active ? 'Hide globe' : 'Show globe'}
      </button>
      <GlobePane active={active} />
    </>
  );
}

describe('GlobePane (home pane 11 and the globe pages)', () => {
  beforeEach(() => {
    resetApp();
    globes = [];
    vi.mocked(loadGlobeLibrary).mockReset();
    vi.mocked(webGlAvailable).mockReset().mockReturnValue(true);
    vi.mocked(loadGlobeLibrary).mockResolvedValue(FakeGlobe);
  });
  afterEach(resetApp);

  it('does not import globe.gl nor fetch arcs until active, then draws them, and tears the globe down when deactivated', async () => {
    const api = fakeApi({ 'GET /globe/arcs': { body: { arcs: [arc('q1', 'DL1ABC'), arc('q2', 'G4XYZ'), arc('q1', 'DL1ABC')] } } });
    renderApp(<PaneSwitch />);
    await screen.findByRole('button', { name: 'Show globe' });
    expect(loadGlobeLibrary).not.toHaveBeenCalled();
    expect(api.callsTo('GET', '/globe/arcs')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Globe of contacts' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show globe' }));
    expect(await screen.findByText('2 contacts in the last 24 hours')).toBeTruthy();
    expect(loadGlobeLibrary).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(globes[0]?.arcs).toHaveLength(2));
    const globe = globes[0]!;
    expect((globe.arcs as { entity_id: string }[]).map((a) => a.entity_id)).toEqual(['q1', 'q2']);
    expect(globe.settings.height).toBe(GLOBE_HEIGHT_PX);
    expect(globe.controls).toEqual({ autoRotate: true, autoRotateSpeed: GLOBE_AUTO_ROTATE_SPEED });
    expect(String(globe.settings.globeImageUrl)).not.toMatch(/^https?:/); // the texture comes from this site
    expect(screen.getByRole('region', { name: 'Globe of contacts' }).style.height).toBe(`${GLOBE_HEIGHT_PX}px`);
    expect(globe.element.querySelector('canvas')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Hide globe' }));
    await waitFor(() => expect(globe.destroyed).toBe(true));
    expect(globe.paused).toBe(true);
    expect(globe.renderer.dispose).toHaveBeenCalled();
    expect(globe.renderer.forceContextLoss).toHaveBeenCalled();
    expect(globe.renderer.domElement.isConnected).toBe(false);
    expect(screen.queryByRole('region', { name: 'Globe of contacts' })).toBeNull();

    // Shown again: a fresh globe (the library module is cached by the browser, the globe is not).
    fireEvent.click(screen.getByRole('button', { name: 'Show globe' }));
    await waitFor(() => expect(globes).toHaveLength(2));
    expect(globes[1]!.destroyed).toBe(false);
  });

  it('tears the globe down when the pane unmounts', async () => {
    fakeApi({ 'GET /globe/arcs': { body: { arcs: [arc('q1', 'DL1ABC')] } } });
    const { unmount } = renderApp(<GlobePane active />);
    await waitFor(() => expect(globes[0]?.arcs).toHaveLength(1));
    unmount();
    expect(globes[0]!.destroyed).toBe(true);
    expect(globes[0]!.renderer.forceContextLoss).toHaveBeenCalled();
  });

  it("says 'Globe unavailable' without WebGL, and never fetches globe.gl", async () => {
    vi.mocked(webGlAvailable).mockReturnValue(false);
    fakeApi({ 'GET /globe/arcs': { body: { arcs: [] } } });
    renderApp(<GlobePane active />);
    expect(await screen.findByText(GLOBE_UNAVAILABLE)).toBeTruthy();
    expect(loadGlobeLibrary).not.toHaveBeenCalled();
    expect(await screen.findByText('No contacts logged in the last 24 hours.')).toBeTruthy();
  });

  it("says 'Globe unavailable' when the renderer cannot start, leaving nothing behind", async () => {
    vi.mocked(loadGlobeLibrary).mockResolvedValue(function Broken(element: HTMLElement) {
      element.appendChild(document.createElement('div'));
      throw new Error('Error creating WebGL context.');
    } as unknown as GlobeConstructor);
    fakeApi({ 'GET /globe/arcs': { body: { arcs: [] } } });
    renderApp(<GlobePane active />);
    expect(await screen.findByText(GLOBE_UNAVAILABLE)).toBeTruthy();
    expect(document.querySelector('.globe-mount')?.childElementCount).toBe(0);
  });

  it('shows the loading state while globe.gl loads, and an error line when the arcs fail', async () => {
    let load: (g: GlobeConstructor) => void = () => {};
    vi.mocked(loadGlobeLibrary).mockReturnValue(new Promise((resolve) => (load = resolve)));
    fakeApi({ 'GET /globe/arcs': { status: 500, body: { message: 'down' } } });
    renderApp(<GlobePane active />);
    expect(await screen.findByText('Loading globe…')).toBeTruthy();
    expect(await screen.findByText('Could not load the latest contacts; trying again.')).toBeTruthy();
    load(FakeGlobe);
    await waitFor(() => expect(screen.queryByText('Loading globe…')).toBeNull());
    expect(globes).toHaveLength(1);
  });

  it('refreshes the arcs every 5 s, never from a cache, only while shown', () => {
    expect(globeArcsQueryOptions(true)).toMatchObject({ refetchInterval: GLOBE_REFRESH_MS, staleTime: 0, enabled: true });
    expect(globeArcsQueryOptions(false)).toMatchObject({ refetchInterval: false, enabled: false });
  });

  it('toArcData keeps one arc per entity_id and labels it as text', () => {
    const data = toArcData([arc('a', 'DL1ABC'), arc('b', 'G4XYZ'), arc('a', 'DL9ZZZ')]);
    expect(data).toEqual([
      { entity_id: 'a', startLat: 41.7, startLng: -72.7, endLat: 51.5, endLng: 10.25, label: 'W1AW → DL1ABC · 20m FT8' },
      { entity_id: 'b', startLat: 41.7, startLng: -72.7, endLat: 51.5, endLng: 10.25, label: 'W1AW → G4XYZ · 20m FT8' },
    ]);
  });
});
