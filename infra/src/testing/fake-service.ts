/**
 * What the fake confirmation services (fake-lotw, fake-clublog, fake-eqsl) share: a node:http
 * server on a free port, each request read whole (query, form or multipart fields, files) and
 * recorded, and a switch that answers the next requests with an HTTP status or a hang instead.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Form or multipart text fields. */
  fields: Record<string, string>;
  /** Multipart files by field name. */
  files: Record<string, { filename: string; bytes: Buffer }>;
  userAgent: string | undefined;
}

export interface FakeAnswer {
  status?: number;
  contentType?: string;
  body: string | Buffer;
}

export type Misbehaviour = { status: number; body?: string } | { hangMs: number };

export interface FakeService {
  baseUrl: string;
  /** Every request the service answered or misbehaved on, in order. */
  readonly requests: FakeRequest[];
  /** Answer the next requests with this status (and body), or hang this many ms first; null to serve again. */
  misbehave(next: Misbehaviour | null): void;
  close(): Promise<void>;
}

async function readRequest(req: IncomingMessage): Promise<FakeRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://fake');
  const fields: Record<string, string> = {};
  const files: FakeRequest['files'] = {};
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    // The platform's own multipart reader, through a Request made of the bytes received.
    const data = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': type }, body }).formData();
    for (const [name, value] of data) {
      if (typeof value === 'string') fields[name] = value;
      else files[name] = { filename: value.name, bytes: Buffer.from(await value.arrayBuffer()) };
    }
  }
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    fields,
    files,
    userAgent: req.headers['user-agent'],
  };
}

export async function startFakeService(handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeService> {
  const requests: FakeRequest[] = [];
  let misbehaviour: Misbehaviour | null = null;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const request = await readRequest(req);
      requests.push(request);
      const now = misbehaviour;
      if (now && 'hangMs' in now) await new Promise((resolve) => setTimeout(resolve, now.hangMs));
      if (now && 'status' in now) {
        res.writeHead(now.status, { 'content-type': 'text/html' }).end(now.body ?? '<html><body>Service Unavailable</body></html>');
        return;
      }
      const answer = await handle(request);
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'text/html; charset=utf-8' }).end(answer.body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    misbehave: (next) => {
      misbehaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small HTML page, as these services answer. */
export function htmlPage(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n<body>\n${body}\n</body></html>\n`;
}
