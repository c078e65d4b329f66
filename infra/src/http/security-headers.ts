import type { NextFunction, Request, Response } from 'express';
import type { ServerResponse } from 'node:http';

/**
 * What the built client needs and no more: its own scripts and stylesheets (no inline script or
 * <style>; React's style props go through the CSSOM, which CSP does not govern), images from
 * itself plus data:/blob: (QR codes, previews of a photo before upload), audio from /media, and
 * API and websocket calls to itself ('self' covers ws:/wss: of the same host in CSP Level 3);
 * YouTube's player in frames and its thumbnails (posts' videos and the pop-out player).
 */
const POLICY: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob: https://i.ytimg.com",
  'media-src': "'self' blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'frame-src': "'self' https://www.youtube-nocookie.com https://www.youtube.com",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

function policyText(frameAncestors: string, directives: Record<string, string> = {}): string {
  return Object.entries({ ...POLICY, ...directives, 'frame-ancestors': frameAncestors })
    .map(([directive, sources]) => `${directive} ${sources}`)
    .join('; ');
}

const DEFAULT_POLICY = policyText(POLICY['frame-ancestors']!);

/** The headers every answer carries, errors and 404s included, the fast lane's too (fast-lane.ts). */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', DEFAULT_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
}

/** First middleware of every app. */
export function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  setSecurityHeaders(res);
  next();
}

/**
 * The one exception to "never in a frame": a route meant to be embedded (e.g. an embed page)
 * calls this before answering, with the sources allowed to frame it ('*' for any site) and any
 * directives its page needs tighter or otherwise (e.g. no script at all).
 */
export function allowFraming(res: ServerResponse, sources: string, directives: Record<string, string> = {}): void {
  res.setHeader('Content-Security-Policy', policyText(sources, directives));
}
