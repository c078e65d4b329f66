// The home page's scripts as the server sends them: bytes on the wire without compression and
// with brotli / gzip (what a browser accepts), for the entry script, its preloads and /theme.js.
//   npx tsx bench/src/client-bytes.ts            (starts a server on a fresh data folder)
//   HAMLOG_URL=http://host:port npx tsx bench/src/client-bytes.ts
import { request } from 'node:http';
import { serverUnderTest } from './server';

function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
    })
      .on('error', reject)
      .end();
  });
}

const server = await serverUnderTest();
const base = server.url;
try {
  const html = await (await fetch(`${base}/`)).text();
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? m[2]!);
  const rows: { path: string; plain: number; br: number; brEncoding: string; gzip: number; gzipEncoding: string }[] = [];
  for (const path of scripts) {
    const url = `${base}${path}`;
    const [plain, br, gzip] = await Promise.all([wireBytes(url, 'identity'), wireBytes(url, 'br'), wireBytes(url, 'gzip')]);
    rows.push({ path, plain: plain.bytes, br: br.bytes, brEncoding: br.encoding, gzip: gzip.bytes, gzipEncoding: gzip.encoding });
  }
  const total = (key: 'plain' | 'br' | 'gzip') => rows.reduce((sum, r) => sum + r[key], 0);
  console.table(rows);
  console.log(`home page scripts (${rows.length} files): ${total('plain')} B uncompressed, ${total('br')} B brotli, ${total('gzip')} B gzip`);
} finally {
  await server.stop();
}
