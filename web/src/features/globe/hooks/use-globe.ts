import { useEffect, useRef, useState } from 'react';
import { GLOBE_AUTO_ROTATE_SPEED, GLOBE_HEIGHT_PX } from '@hamlog/domain/community/rules';
import earthTexture from '../assets/earth-dark.jpg?url';
import { loadGlobeLibrary, webGlAvailable, type GlobeConstructor, type GlobeInstance } from '../lib/load-globe';
import type { ArcDatum } from '../utils/arc-data';

/** idle: not shown; loading: fetching globe.gl; ready: drawing; unavailable: no WebGL, or globe.gl failed. */
export type GlobeStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

/** Start and end of each arc: the station's end blue, the far end amber (both read on the dark globe). */
const ARC_COLOURS = ['rgba(126, 167, 255, 0.9)', 'rgba(255, 179, 92, 0.9)'];

/** The tooltip as text, never as HTML (globe.gl would put a string label in as markup). */
function labelElement(datum: object): HTMLElement {
  const label = document.createElement('div');
  label.className = 'globe-arc-label';
  label.textContent = (datum as ArcDatum).label;
  return label;
}

function createGlobe(Globe: GlobeConstructor, mount: HTMLElement): GlobeInstance {
  const globe = new Globe(mount, { rendererConfig: { antialias: true, alpha: true } })
    .width(mount.clientWidth || window.innerWidth)
    .height(GLOBE_HEIGHT_PX)
    .backgroundColor('rgba(0, 0, 0, 0)')
    .globeImageUrl(earthTexture)
    .arcColor(() => ARC_COLOURS)
    .arcStroke(0.6)
    .arcDashLength(0.5)
    .arcDashGap(0.25)
    .arcDashAnimateTime(3_000)
    .arcLabel(labelElement);
  const controls = globe.controls();
  controls.autoRotate = true;
  controls.autoRotateSpeed = GLOBE_AUTO_ROTATE_SPEED;
  return globe;
}

/** Stops the animation and frees the WebGL context, the scene and the canvas. */
function destroyGlobe(globe: GlobeInstance): void {
  const renderer = globe.renderer();
  globe.pauseAnimation();
  (globe as Partial<Pick<GlobeInstance, '_destructor'>>)._destructor?.();
  renderer.dispose();
  renderer.forceContextLoss();
  renderer.domElement.remove();
}

/**
 * A globe.gl globe in the returned element while `active`: globe.gl is imported only then, and the
 * globe is torn down (animation stopped, WebGL context released, canvas removed) when `active`
 * turns false or the component unmounts.
 */
export function useGlobe(active: boolean, arcs: readonly ArcDatum[]) {
  const mountRef = useRef<HTMLDivElement>(null);
  const globeRef = useRef<GlobeInstance | null>(null);
  const [status, setStatus] = useState<GlobeStatus>('idle');

  useEffect(() => {
    const mount = mountRef.current;
    if (!active || !mount) return;
    let cancelled = false;
    if (!webGlAvailable()) {
      setStatus('unavailable');
      return;
    }
    setStatus('loading');
    loadGlobeLibrary().then(
      (Globe) => {
        if (cancelled) return;
        try {
          globeRef.current = createGlobe(Globe, mount);
          setStatus('ready');
        } catch {
          mount.replaceChildren();
          setStatus('unavailable');
        }
      },
      () => {
        if (!cancelled) setStatus('unavailable');
      },
    );
    return () => {
      cancelled = true;
      const globe = globeRef.current;
      globeRef.current = null;
      if (globe) destroyGlobe(globe);
      mount.replaceChildren();
      setStatus('idle');
    };
  }, [active]);

  useEffect(() => {
    if (status === 'ready') globeRef.current?.arcsData(arcs as ArcDatum[]);
  }, [status, arcs]);

  // The globe is as wide as its frame, whatever the window does.
  useEffect(() => {
    const mount = mountRef.current;
    if (status !== 'ready' || !mount || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (mount.clientWidth > 0) globeRef.current?.width(mount.clientWidth);
    });
    observer.observe(mount);
    return () => observer.disconnect();
  }, [status]);

  return { mountRef, status };
}
