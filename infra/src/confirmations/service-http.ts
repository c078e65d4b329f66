/**
 * The one way the confirmation clients (and the QRZ Logbook client) talk HTTP: global fetch, an
 * identifying User-Agent, a timeout per request, and never a throw: a request that got no answer
 * comes back as what went wrong, an answer as its status and text, whatever the status.
 */

export interface ServiceHttpOptions {
  timeoutMs: number;
  userAgent: string;
}

export interface ServiceRequest {
  method: 'GET' | 'POST';
  /** A form (sent application/x-www-form-urlencoded) or multipart (FormData). */
  body?: URLSearchParams | FormData;
  accept?: string;
}

export type HttpAnswer = { answered: true; status: number; text: string; contentType: string };
export type NoAnswer = { answered: false; failure: 'timeout' | 'network'; timeoutMs: number };

/** The answer's text: UTF-8, or ISO-8859-1 when the bytes are not UTF-8 (older pages and logbooks). */
export function answerText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

export async function request(url: string | URL, req: ServiceRequest, options: ServiceHttpOptions): Promise<HttpAnswer | NoAnswer> {
  try {
    const res = await fetch(url, {
      method: req.method,
      headers: { 'user-agent': options.userAgent, accept: req.accept ?? '*/*' },
      body: req.body,
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { answered: true, status: res.status, text: answerText(bytes), contentType: res.headers.get('content-type') ?? '' };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { answered: false, failure: timedOut ? 'timeout' : 'network', timeoutMs: options.timeoutMs };
  }
}

/** '0.3 s', '30 s'. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** `base` joined with `path` whatever slashes either has ('https://x.org/' + '/api' = 'https://x.org/api'). */
export function serviceUrl(base: string, path: string, query?: Record<string, string | undefined>): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/** Form fields without the ones left undefined. */
export function form(fields: Record<string, string | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, value);
  return body;
}

/** A multipart body: text fields, and files as { name, content }. */
export function multipart(fields: Record<string, string | undefined>, files: Record<string, { filename: string; content: string | Uint8Array; type?: string }>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, value);
  for (const [name, file] of Object.entries(files)) {
    // A copy on its own ArrayBuffer: what Blob takes under every TypeScript lib (DOM's too).
    const blob = new Blob([typeof file.content === 'string' ? file.content : Uint8Array.from(file.content)], { type: file.type ?? 'application/octet-stream' });
    body.set(name, blob, file.filename);
  }
  return body;
}
