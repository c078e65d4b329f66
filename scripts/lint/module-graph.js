// The project's import graph for the boundary and cycle rules (scripts/lint/plugin.js).
// Specifiers are resolved with TypeScript's own resolver and the nearest tsconfig.json, so
// relative paths, web's '@/...' alias and the workspaces' package exports ('@hamlog/x/y') all land
// on the same real file. Pure JavaScript: no native resolver, nothing to install.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Workspace folder ('domain', 'web', ...) -> its package name ('@hamlog/domain'). */
export const WORKSPACES = new Map(
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces.map((folder) => [
    folder,
    JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')).name,
  ]),
);
const FOLDER_OF_PACKAGE = new Map([...WORKSPACES].map(([folder, name]) => [name, folder]));

const CODE = /\.(?:[cm]?[jt]sx?)$/;
/** Files and folders whose contents never count (build output, installed packages). */
const OUTSIDE = /[\\/](?:node_modules|dist)[\\/]/;

/** 'domain/src/x.ts' for a file of the project; null for one outside it or in node_modules. */
export function projectPath(file) {
  const rel = path.relative(ROOT, file);
  if (rel.startsWith('..') || path.isAbsolute(rel) || OUTSIDE.test(`/${rel}`)) return null;
  return rel.split(path.sep).join('/');
}

/** The workspace folder a project path belongs to, or '' for the root's own files. */
export function workspaceOf(rel) {
  const first = rel.split('/')[0];
  return WORKSPACES.has(first) ? first : '';
}

// ---------------------------------------------------------------------------------------------
// Resolution

const configs = new Map(); // tsconfig path -> { options, cache }
const nearestConfig = new Map(); // folder -> tsconfig path

function configFor(file) {
  const dir = path.dirname(file);
  let found = nearestConfig.get(dir);
  if (found === undefined) {
    found = ts.findConfigFile(dir, ts.sys.fileExists, 'tsconfig.json') ?? path.join(ROOT, 'tsconfig.json');
    nearestConfig.set(dir, found);
  }
  let config = configs.get(found);
  if (!config) {
    const read = ts.readConfigFile(found, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, path.dirname(found), undefined, found);
    const options = { ...parsed.options, allowJs: true };
    config = { options, cache: ts.createModuleResolutionCache(path.dirname(found), (f) => f, options) };
    configs.set(found, config);
  }
  return config;
}

/**
 * Where `specifier`, imported from `file`, leads: `{ target }` with the project path of the file
 * (or of the asset, for '.css' and the like), or `{ target: null }` for a package or built-in.
 */
export function resolveImport(specifier, file) {
  const { options, cache } = configFor(file);
  const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule;
  if (resolved) return { target: projectPath(path.resolve(resolved.resolvedFileName)) };
  // Not a module TypeScript knows (an asset, a missing file): place it by its text.
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return { target: projectPath(path.resolve(path.dirname(file), specifier)) };
  }
  const from = projectPath(file);
  if (specifier.startsWith('@/') && from && workspaceOf(from) === 'web') return { target: `web/src/${specifier.slice(2)}` };
  const [scope, name, ...rest] = specifier.split('/');
  const folder = FOLDER_OF_PACKAGE.get(`${scope}/${name}`);
  if (folder) return { target: rest.length ? `${folder}/src/${rest.join('/')}` : `${folder}/src/index.ts` };
  return { target: null };
}

// ---------------------------------------------------------------------------------------------
// Imports of a file

/**
 * The module imports of a TypeScript AST (`ts.SourceFile`): static imports and re-exports with
 * `typeOnly` when the whole declaration is `import type` / `export type` (erased at run time;
 * `import { type A }` stays as an import under verbatimModuleSyntax).
 */
function importsOfSource(source) {
  const found = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: Boolean(node.importClause?.isTypeOnly) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    }
  }
  return found;
}

/** The resolved edges of a file: `[{ specifier, target, typeOnly }]`, project targets only. */
export function edgesOf(imports, file) {
  const edges = [];
  for (const { specifier, typeOnly } of imports) {
    const { target } = resolveImport(specifier, file);
    if (target) edges.push({ specifier, target, typeOnly });
  }
  return edges;
}

// The graph as saved on disk. Entries are re-checked (mtime) when older than FRESH_MS, so a
// long-running ESLint (an editor) sees edits; one `eslint .` run reads each file once.
const FRESH_MS = 5_000;
const files = new Map(); // project path -> { checkedAt, mtimeMs, edges }

/** The edges of a project file as saved on disk (none for a missing or non-code file). */
export function diskEdges(rel) {
  const now = Date.now();
  const known = files.get(rel);
  if (known && now - known.checkedAt < FRESH_MS) return known.edges;
  const abs = path.join(ROOT, rel);
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(abs).mtimeMs;
  } catch {
    // missing: no edges
  }
  if (known && known.mtimeMs === mtimeMs) {
    known.checkedAt = now;
    return known.edges;
  }
  let edges = [];
  if (mtimeMs >= 0 && CODE.test(rel)) {
    const kind = rel.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(abs, readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest, false, kind);
    edges = edgesOf(importsOfSource(source), abs);
  }
  files.set(rel, { checkedAt: now, mtimeMs, edges });
  if (known) sccs = null; // the graph changed
  return edges;
}

// ---------------------------------------------------------------------------------------------
// Cycles

const keep = (typeImports) => (edge) => typeImports || !edge.typeOnly;

let sccs = null; // { at, typeImports, of: Map<path, id> }

/**
 * The strongly connected component of `start` in the saved graph (Tarjan's algorithm, iterative,
 * incremental over calls: components found earlier are final while the graph is unchanged).
 */
export function componentOf(start, typeImports) {
  const now = Date.now();
  if (!sccs || sccs.typeImports !== typeImports || now - sccs.at > FRESH_MS) sccs = { at: now, typeImports, of: new Map() };
  const of = sccs.of;
  if (of.has(start)) return of.get(start);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const work = [[start, 0]];
  const targetsOf = new Map();
  const targets = (v) => {
    let t = targetsOf.get(v);
    if (!t) targetsOf.set(v, (t = diskEdges(v).filter(keep(typeImports)).map((e) => e.target)));
    return t;
  };
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length) {
    const frame = work[work.length - 1];
    const [v, i] = frame;
    const out = targets(v);
    if (i < out.length) {
      frame[1] = i + 1;
      const w = out[i];
      if (of.has(w)) continue; // finished earlier: another component
      if (!index.has(w)) {
        index.set(w, counter);
        low.set(w, counter++);
        stack.push(w);
        onStack.add(w);
        work.push([w, 0]);
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
      continue;
    }
    work.pop();
    if (work.length) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(v)));
    }
    if (low.get(v) === index.get(v)) {
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        of.set(w, v);
      } while (w !== v);
    }
  }
  return of.get(start);
}

/**
 * A path of project files from `from` back to `to` in the saved graph (breadth first, so the
 * shortest), or null. `within`, when given, limits the search to one component.
 */
export function pathBetween(from, to, typeImports, within) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift();
    if (v === to) {
      const chain = [];
      for (let at = v; at !== null; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const { target } of diskEdges(v).filter(keep(typeImports))) {
      if (previous.has(target)) continue;
      if (within && componentOf(target, typeImports) !== within) continue;
      previous.set(target, v);
      queue.push(target);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// What a module brings along

/**
 * The first module matching `isForbidden` that loading `start` loads too (value imports only:
 * what a bundle would include), as the chain from `start` to it; null when there is none.
 */
export function forbiddenReach(start, isForbidden) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    if (isForbidden(v)) {
      const chain = [];
      for (let at = v; at !== null; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const { target, typeOnly } of diskEdges(v)) {
      if (typeOnly || previous.has(target)) continue;
      previous.set(target, v);
      queue.push(target);
    }
  }
  return null;
}
