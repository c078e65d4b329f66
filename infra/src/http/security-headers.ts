import type { NextFunction, Request, Response } from 'express';
import type { ServerResponse } from 'node:http';
import { LIVE_STREAM_FRAME_ORIGINS } from '@hamlog/domain/live-station/stream-address';

/**
 * What the built client needs and no more: its own scripts and stylesheets (no inline script or
 * <style>; React's style props go through the CSSOM, which CSP does not govern), images from
 * itself plus data:/blob: (QR codes, previews of a photo before upload), audio from /media, and
 * API and websocket calls to itself ('self' covers ws:/wss: of the same host in CSP Level 3);
 * YouTube's player in frames and its thumbnails (posts' videos and the pop-out player); the live
 * stream players the live station page frames (their hosts are the stream address rule's), and
 * HLS streams from any https host in <video> (decision 0051: media runs no script).
 */
const POLICY: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob: https://i.ytimg.com",
  'media-src': "'self' blob: https:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'frame-src': ["'self'", ...LIVE_STREAM_FRAME_ORIGINS].join(' '),
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

/** A year, and the subdomains too: browsers then never try the site over plain HTTP. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Sets the headers every answer carries on one answer. */
export type SetSecurityHeaders = (res: ServerResponse) => void;

/**
 * The headers every answer carries, errors and 404s included, the fast lane's too (fast-lane.ts).
 * A site whose public address (PUBLIC_URL) is https is served over HTTPS, by the server or a
 * proxy in front: its answers add Strict-Transport-Security (a browser ignores it over HTTP).
 */
export function securityHeadersFor(publicUrl: string | undefined): SetSecurityHeaders {
  const https = /^https:\/\//i.test(publicUrl ?? '');
  return (res) => {
    res.setHeader('Content-Security-Policy', DEFAULT_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (https) res.setHeader('Strict-Transport-Security', HSTS);
  };
}

/** First middleware of every app. */
export function securityHeaders(set: SetSecurityHeaders) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    set(res);
    next();
  };
}

/**
 * The one exception to "never in a frame": a route meant to be embedded (e.g. an embed page)
 * calls this before answering, with the sources allowed to frame it ('*' for any site) and any
 * directives its page needs tighter or otherwise (e.g. no script at all).
 */
export function allowFraming(res: ServerResponse, sources: string, directives: Record<string, string> = {}): void {
  res.setHeader('Content-Security-Policy', policyText(sources, directives));
}
