/**
 * The boundary rules of eslint.config.js fire: each one is fed a small sample that breaks it (and
 * one that keeps it), through ESLint's own API with the repository's config. A config change
 * that silently switches a rule off, or points it at the wrong files, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });

interface Found {
  rule: string | null;
  line: number;
  message: string;
}

/** The problems ESLint finds in `code` as if it were the file `filePath` (from the root). */
async function lint(filePath: string, code: string): Promise<Found[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

/** The rules that fired, as `rule@line`. */
async function fired(filePath: string, code: string): Promise<string[]> {
  return (await lint(filePath, code)).map((f) => `${f.rule}@${f.line}`);
}

function domainSources(dir = join(root, 'domain/src'), rel = 'domain/src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? domainSources(join(dir, e.name), `${rel}/${e.name}`) : e.name.endsWith('.ts') ? [`${rel}/${e.name}`] : [],
  );
}

describe('lint boundaries: domain/', () => {
  it('imports nothing of the project, by package name or by relative path', async () => {
    const code = [
      "import { x } from '@hamlog/infra';",
      "import { y } from '@hamlog/infra/postgres/pool';",
      "import { z } from '../../infra/src/index';",
      "import { w } from '@hamlog/command-api';",
      'export { x, y, z, w };',
    ].join('\n');
    expect(await fired('domain/src/sample.ts', code)).toEqual([
      'hamlog/boundaries@1',
      'hamlog/boundaries@2',
      'hamlog/boundaries@3',
      'hamlog/boundaries@4',
    ]);
    expect(await fired('domain/test/sample.test.ts', "import { x } from '@hamlog/infra';\nexport { x };")).toEqual(['hamlog/boundaries@1']);
  });

  it('uses no Node built-ins and no I/O globals in src/', async () => {
    const code = [
      "import { readFileSync } from 'node:fs';",
      "import { request } from 'http';",
      "import { join } from 'node:path';",
      'export const env = process.env.HOME;',
      "export const page = () => fetch('https://example.org');",
      'export { readFileSync, request, join };',
    ].join('\n');
    expect(await fired('domain/src/sample.ts', code)).toEqual([
      'no-restricted-imports@1',
      'no-restricted-imports@2',
      'no-restricted-imports@3',
      'no-restricted-globals@4',
      'no-restricted-globals@5',
    ]);
  });

  it('may import itself, by relative path or package name', async () => {
    expect(await lint('domain/src/sample.ts', "import { x } from './frequency';\nimport { y } from '@hamlog/domain/time';\nexport { x, y };")).toEqual([]);
  });
});

describe('lint boundaries: infra/ and the services', () => {
  it('infra/ imports only domain/', async () => {
    expect(await fired('infra/src/sample.ts', "import { a } from '@hamlog/domain';\nimport { b } from '@hamlog/command-api';\nexport { a, b };")).toEqual([
      'hamlog/boundaries@2',
    ]);
  });

  it.each([
    ['command-api', '@hamlog/query-api'],
    ['query-api', '@hamlog/command-api/users/password'],
    ['projectors', '@hamlog/stream'],
    ['stream', '@hamlog/projectors'],
    ['command-api', '@hamlog/gateway'],
  ])('%s/ never imports %s', async (service, specifier) => {
    const code = `import { a } from '@hamlog/domain';\nimport { b } from '@hamlog/infra/postgres/pool';\nimport { c } from '${specifier}';\nexport { a, b, c };`;
    expect(await fired(`${service}/src/sample.ts`, code)).toEqual(['hamlog/boundaries@3']);
    expect(await fired(`${service}/test/sample.test.ts`, code)).toEqual(['hamlog/boundaries@3']);
  });

  it('imports another workspace by its package name, not by a relative path', async () => {
    expect(await fired('query-api/src/sample.ts', "import { a } from '../../infra/src/postgres/pool';\nexport { a };")).toEqual(['hamlog/boundaries@1']);
  });
});

describe('lint boundaries: gateway/', () => {
  it('imports the services only through their public entries', async () => {
    const code = [
      "import { a } from '@hamlog/query-api';",
      "import { b } from '@hamlog/command-api';",
      "import { c } from '@hamlog/projectors';",
      "import { d } from '@hamlog/stream';",
      "import { e } from '@hamlog/query-api/qso/qso-page-meta';",
      "import { f } from '@hamlog/command-api/handling/handle-command';",
      "import { g } from '../../query-api/src/index';",
      "import { h } from '@hamlog/infra/postgres/pool';",
      'export { a, b, c, d, e, f, g, h };',
    ].join('\n');
    expect(await fired('gateway/src/sample.ts', code)).toEqual(['hamlog/boundaries@5', 'hamlog/boundaries@6', 'hamlog/boundaries@7']);
  });

  it('never imports the client', async () => {
    expect(await fired('gateway/test/sample.test.ts', "import { a } from '../../web/src/lib/session';\nexport { a };")).toEqual(['hamlog/boundaries@1']);
  });
});

describe('lint boundaries: web/', () => {
  it('imports neither infra/ nor the services', async () => {
    const code = [
      "import { a } from '@hamlog/infra';",
      "import { b } from '@hamlog/command-api';",
      "import { c } from '@hamlog/query-api';",
      "import { d } from '@hamlog/gateway';",
      'export { a, b, c, d };',
    ].join('\n');
    expect(await fired('web/src/lib/sample.ts', code)).toEqual(['hamlog/boundaries@1', 'hamlog/boundaries@2', 'hamlog/boundaries@3', 'hamlog/boundaries@4']);
  });

  it("never loads domain's DXCC data nor its root index", async () => {
    const code = [
      "import { a } from '@hamlog/domain';",
      "import { b } from '@hamlog/domain/dxcc/entities';",
      "import { c } from '@hamlog/domain/generated/cty-dat';",
      "import type { Qso } from '@hamlog/domain/api-types';",
      "import { d } from '@hamlog/domain/frequency';",
      'export { a, b, c, d, type Qso };',
    ].join('\n');
    expect(await fired('web/src/features/sample/api/sample.ts', code)).toEqual(['hamlog/boundaries@1', 'hamlog/boundaries@2', 'hamlog/boundaries@3']);
  });

  it('nor indirectly, through a domain module that loads it', async () => {
    // Any domain module outside dxcc/ with a value import of dxcc/.
    const carrier = domainSources().find(
      (f) => !f.includes('/dxcc/') && !f.endsWith('/index.ts') && /^import (?!type)[^;]*from '\.{1,2}\/(\.\.\/)*dxcc\//m.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(carrier, 'a domain module importing dxcc/').toBeDefined();
    const specifier = `@hamlog/domain/${carrier!.replace(/^domain\/src\//, '').replace(/\.ts$/, '')}`;
    const found = await lint('web/src/lib/sample.ts', `import * as m from '${specifier}';\nexport { m };`);
    expect(found.map((f) => f.rule)).toEqual(['hamlog/boundaries']);
    expect(found[0]!.message).toContain('domain/src/dxcc/');
    // Types alone load nothing.
    expect(await lint('web/src/lib/sample.ts', `import type * as m from '${specifier}';\nexport type M = typeof m;`)).toEqual([]);
  });

  it('features never import each other, by alias or by relative path', async () => {
    const code = [
      "import { a } from '@/features/beta/api/get-beta';",
      "import { b } from '../../beta/components/beta-list';",
      "import { c } from '@/features/alpha/utils/own';",
      "import { d } from '@/components/ui/button';",
      "import { e } from '@/lib/session';",
      'export { a, b, c, d, e };',
    ].join('\n');
    expect(await fired('web/src/features/alpha/components/sample.tsx', code)).toEqual(['hamlog/feature-boundaries@1', 'hamlog/feature-boundaries@2']);
  });

  it('the app composes features; features and shared code never import the app, shared code no feature', async () => {
    expect(await fired('web/src/app/routes/sample.tsx', "import { a } from '@/features/alpha/components/page';\nexport { a };")).toEqual([]);
    expect(await fired('web/src/features/alpha/components/sample.tsx', "import { a } from '@/app/router';\nexport { a };")).toEqual([
      'hamlog/feature-boundaries@1',
    ]);
    expect(await fired('web/src/components/sample.tsx', "import { a } from '@/features/alpha/api/x';\nimport { b } from '../app/router';\nexport { a, b };")).toEqual([
      'hamlog/feature-boundaries@1',
      'hamlog/feature-boundaries@2',
    ]);
  });
});

describe('lint boundaries: no import cycles', () => {
  // A saved file, so that the import of itself resolves.
  const saved = domainSources().find((f) => !f.endsWith('/index.ts'))!;
  const self = `./${saved.split('/').pop()!.replace(/\.ts$/, '')}`;

  it('finds a file importing itself', async () => {
    expect(await fired(saved, `import { a } from '${self}';\nexport const b = a;`)).toEqual(['hamlog/no-cycle@1']);
  });

  it('finds a cycle through the saved files', async () => {
    // A saved import F -> X; linting X with an import of F closes the cycle X -> F -> X.
    let pair: { from: string; to: string } | undefined;
    for (const f of domainSources()) {
      const m = /^import (?!type)[^;]*from '\.\/([\w-]+)';/m.exec(readFileSync(join(root, f), 'utf8'));
      if (m) {
        pair = { from: f, to: f.replace(/[^/]+$/, `${m[1]}.ts`) };
        break;
      }
    }
    expect(pair, 'a domain module importing a sibling').toBeDefined();
    const sibling = pair!.from.split('/').pop()!.replace(/\.ts$/, '');
    const found = await lint(pair!.to, `import * as other from './${sibling}';\nexport { other };`);
    expect(found.map((f) => f.rule)).toEqual(['hamlog/no-cycle']);
    expect(found[0]!.message).toBe(`Import cycle: ${pair!.to} -> ${pair!.from} -> ${pair!.to}.`);
  });

  it('counts type-only imports too, and not dynamic import()', async () => {
    expect(await fired(saved, `import type { A } from '${self}';\nexport type B = A;`)).toEqual(['hamlog/no-cycle@1']);
    expect(await fired(saved, `export const later = () => import('${self}');`)).toEqual([]);
  });
});
