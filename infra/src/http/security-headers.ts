import type { NextFunction, Request, Response } from 'express';

/**
 * What the built client needs and no more: its own scripts and stylesheets (no inline script or
 * <style>; React's style props go through the CSSOM, which CSP does not govern), images from
 * itself plus data:/blob: (QR codes, previews of a photo before upload), audio from /media, and
 * API and websocket calls to itself ('self' covers ws:/wss: of the same host in CSP Level 3).
 */
const POLICY: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'media-src': "'self' blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

function policyText(frameAncestors: string): string {
  return Object.entries({ ...POLICY, 'frame-ancestors': frameAncestors })
    .map(([directive, sources]) => `${directive} ${sources}`)
    .join('; ');
}

const DEFAULT_POLICY = policyText(POLICY['frame-ancestors']!);

/** First middleware of every app: the headers every answer carries, errors and 404s included. */
export function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', DEFAULT_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  next();
}

/**
 * The one exception to "never in a frame": a route meant to be embedded (e.g. an embed page)
 * calls this before answering, with the sources allowed to frame it ('*' for any site).
 */
export function allowFraming(res: Response, sources: string): void {
  res.setHeader('Content-Security-Policy', policyText(sources));
}
