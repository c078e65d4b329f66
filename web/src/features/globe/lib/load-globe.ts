/**
 * The one place globe.gl (and three.js with it, about 1.5 MB) is imported: dynamically, so it is
 * its own chunk, fetched only when a globe is shown. Tests replace this module.
 */
import type { GlobeInstance } from 'globe.gl';

export type { GlobeInstance };
export type GlobeConstructor = new (element: HTMLElement, options?: { animateIn?: boolean; rendererConfig?: { antialias?: boolean; alpha?: boolean } }) => GlobeInstance;

export async function loadGlobeLibrary(): Promise<GlobeConstructor> {
  const module = await import('globe.gl');
  return module.default as GlobeConstructor;
}

/**
 * Whether this browser can draw WebGL (a headless browser without a GPU may not). The probe's
 * context is released at once: browsers allow only a few live ones.
 */
export function webGlAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
