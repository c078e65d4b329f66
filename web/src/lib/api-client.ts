import { API_BASE, STORAGE_KEYS } from '../config/app';
import { LOG_POSITION_HEADER, MIN_POSITION_HEADER } from '../types/api';
import { ApiError, toApiError } from './api-error';
import { LogPositionTracker } from './log-position';
import { clearSession, getSession } from './session';
import { readStored, writeStored } from './storage';

export { ApiError, isApiError } from './api-error';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Send the bearer token when signed in (default true). */
  auth?: boolean;
  /** Send this token instead of the session's (signing out the kept main-account session). */
  token?: string;
}

export interface ApiClientConfig {
  baseUrl: string;
  fetch: typeof fetch;
  getToken: () => string | null;
  /** Called when an authenticated call answered 401 with the token it was sent with. */
  onUnauthorized: (token: string) => void;
  positions: LogPositionTracker;
  /** Makes the request object for uploads (tests may pass their own); default XMLHttpRequest. */
  createXhr?: () => XMLHttpRequest;
}

export interface UploadOptions {
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** GET a file to save (a download): its body as a Blob, with the token, positions and errors of get(). */
  getBlob(path: string, options?: RequestOptions): Promise<Blob>;
  /** POST a multipart form (file uploads), reporting upload progress. */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  positions: LogPositionTracker;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The fetch wrapper every request file uses: JSON in and out, the bearer token, and
 * read-your-writes (remember the highest `x-log-position` seen, send it back as
 * `x-min-position` on every later request).
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  /** The answer of a request that succeeded (2xx); any other answer is thrown as an ApiError. */
  async function send(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = options.auth === false ? null : (options.token ?? config.getToken());
    if (token) headers.Authorization = `Bearer ${token}`;
    const minPosition = config.positions.current();
    if (minPosition !== null) headers[MIN_POSITION_HEADER] = minPosition;

    const url = `${config.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    let res: Response;
    try {
      res = await config.fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new ApiError(0, 'Network Error');
    }

    config.positions.observe(res.headers.get(LOG_POSITION_HEADER));
    if (!res.ok) {
      const data = await readBody(res).catch(() => undefined);
      if (res.status === 401 && token) config.onUnauthorized(token);
      throw toApiError(res.status, res.statusText, data);
    }
    return res;
  }

  async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, options?: RequestOptions): Promise<T> {
    const res = await send(method, path, body, options);
    return (await readBody(res).catch(() => undefined)) as T;
  }

  // fetch cannot report upload progress; XMLHttpRequest can.
  function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const xhr = config.createXhr ? config.createXhr() : new XMLHttpRequest();
      xhr.open('POST', `${config.baseUrl}${path.startsWith('/') ? path : `/${path}`}`);
      xhr.setRequestHeader('Accept', 'application/json');
      const token = config.getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      const minPosition = config.positions.current();
      if (minPosition !== null) xhr.setRequestHeader(MIN_POSITION_HEADER, minPosition);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(1, e.loaded / e.total));
      };
      xhr.onerror = () => reject(new ApiError(0, 'Network Error'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      xhr.onload = () => {
        config.positions.observe(xhr.getResponseHeader(LOG_POSITION_HEADER));
        let data: unknown = undefined;
        const text = xhr.responseText;
        if (text) {
          try {
            data = JSON.parse(text);
          } catch {
            data = text;
          }
        }
        if (xhr.status < 200 || xhr.status > 299) {
          if (xhr.status === 401 && token) config.onUnauthorized(token);
          reject(toApiError(xhr.status, xhr.statusText, data));
          return;
        }
        options.onProgress?.(1);
        resolve(data as T);
      };
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body ?? {}, options),
    getBlob: (path, options) => send('GET', path, undefined, options).then((res) => res.blob()),
    upload,
    positions: config.positions,
  };
}

export const api: ApiClient = createApiClient({
  baseUrl: API_BASE,
  fetch: (...args) => globalThis.fetch(...args),
  getToken: () => getSession()?.token ?? null,
  onUnauthorized: (token) => {
    // Only drop the session the failing call was made with, not a newer one.
    if (getSession()?.token === token) clearSession();
  },
  positions: new LogPositionTracker({
    get: () => readStored(STORAGE_KEYS.minPosition, 'session'),
    set: (value) => writeStored(STORAGE_KEYS.minPosition, value, 'session'),
  }),
});
