// HamLog's own ESLint rules: which folder may import which (DESIGN.md section 2), web features
// kept apart, no import cycles. See docs/decisions/0019-lint-boundaries.md.
import {
  WORKSPACES,
  componentOf,
  diskEdges,
  forbiddenReach,
  pathBetween,
  projectPath,
  resolveImport,
  workspaceOf,
} from './module-graph.js';

/** 'domain/src/dxcc/**' -> a RegExp over project paths ('**' any depth, '*' one segment). */
function globToRegExp(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else out += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}
const matcher = (globs) => {
  const res = globs.map(globToRegExp);
  return (rel) => res.some((re) => re.test(rel));
};

const isRelative = (specifier) => specifier.startsWith('.') || specifier.startsWith('/');
const arrow = (chain) => chain.join(' -> ');

/**
 * Every module reference of the file being linted, from its AST (so unsaved text counts):
 * `{ node, specifier, typeOnly, dynamic }`.
 */
function collectImports(found) {
  const add = (node, source, typeOnly, dynamic = false) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') {
      found.push({ node: source, specifier: source.value, typeOnly, dynamic });
    }
  };
  return {
    ImportDeclaration: (node) => add(node, node.source, node.importKind === 'type'),
    ExportNamedDeclaration: (node) => add(node, node.source, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => add(node, node.source, node.exportKind === 'type'),
    TSImportEqualsDeclaration: (node) => {
      if (node.moduleReference.type === 'TSExternalModuleReference') add(node, node.moduleReference.expression, node.importKind === 'type');
    },
    ImportExpression: (node) => add(node, node.source, false, true),
    TSImportType: (node) => add(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument, true, true),
  };
}

/** The rule's visitors around `check(imports, file, rel)`, run once the whole file is read. */
function onImports(context, check) {
  const file = context.filename;
  const rel = projectPath(file);
  if (!rel) return {};
  const found = [];
  return { ...collectImports(found), 'Program:exit': () => check(found, file, rel) };
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Which workspaces a workspace may import, and how (DESIGN.md section 2).' },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          publicEntryOnly: { type: 'array', items: { type: 'string' } },
          forbid: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['modules', 'message'],
              properties: {
                modules: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
                transitive: { type: 'boolean' },
              },
            },
          },
        },
      },
    ],
    messages: {
      notAllowed: "{{from}}/ may not import {{to}}/ ('{{specifier}}'); {{from}}/ may import {{allowed}}.",
      outside: "{{from}}/ may not import '{{specifier}}' from outside the workspaces.",
      relative: "Import {{to}}/ by its package name ('{{pkg}}/...'), not by the relative path '{{specifier}}'.",
      publicEntry: "Import {{to}}/ only through its public entry '{{pkg}}' (export what is needed from {{to}}/src/index.ts), not '{{specifier}}'.",
      forbidden: "'{{specifier}}' is not allowed here: {{message}}",
      forbiddenVia: "'{{specifier}}' loads {{module}} ({{chain}}): {{message}}",
    },
  },
  create(context) {
    const { allow = [], publicEntryOnly = [], forbid = [] } = context.options[0] ?? {};
    const anything = allow.includes('*');
    const forbidden = forbid.map((f) => ({ ...f, matches: matcher(f.modules) }));
    return onImports(context, (imports, file, rel) => {
      const from = workspaceOf(rel);
      for (const { node, specifier, typeOnly } of imports) {
        const { target } = resolveImport(specifier, file);
        if (!target) continue;
        const to = workspaceOf(target);
        if (from && to !== from && !anything) {
          const data = { from, to, specifier, pkg: WORKSPACES.get(to) };
          if (!to) {
            context.report({ node, messageId: 'outside', data });
            continue;
          }
          if (!allow.includes(to)) {
            context.report({ node, messageId: 'notAllowed', data: { ...data, allowed: allow.length ? allow.join('/, ') + '/' : 'no other workspace' } });
            continue; // what it would load besides does not matter
          }
          if (isRelative(specifier)) context.report({ node, messageId: 'relative', data });
          else if (publicEntryOnly.includes(to) && specifier !== WORKSPACES.get(to)) context.report({ node, messageId: 'publicEntry', data });
        }
        for (const f of forbidden) {
          if (f.matches(target)) {
            context.report({ node, messageId: 'forbidden', data: { specifier, message: f.message } });
          } else if (f.transitive && !typeOnly && to !== from) {
            const chain = forbiddenReach(target, f.matches);
            if (chain) {
              const module = chain[chain.length - 1];
              context.report({ node, messageId: 'forbiddenVia', data: { specifier, module, chain: arrow(chain), message: f.message } });
            }
          }
        }
      }
    });
  },
};

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'bulletproof-react: a feature never imports another feature; shared code never imports features or the app; features never import the app (the app composes them).',
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['features'],
        properties: {
          features: { type: 'string' },
          app: { type: 'string' },
          shared: { type: 'array', items: { type: 'string' } },
        },
      },
    ],
    messages: {
      crossFeature:
        "Feature '{{from}}' may not import feature '{{to}}' ('{{specifier}}'): move what both need to shared code ({{shared}}), or compose them in {{app}}.",
      featureToApp: "Feature '{{from}}' may not import the app ('{{specifier}}'): {{app}} composes the features, not the other way round.",
      sharedToUpper: "Shared code ({{folder}}) may not import {{what}} ('{{specifier}}'): features and the app build on shared code, not the other way round.",
    },
  },
  create(context) {
    const { features, app = '', shared = [] } = context.options[0];
    const folder = (f) => `${f.replace(/\/$/, '')}/`;
    const featureRoot = folder(features);
    const appRoot = app && folder(app);
    const sharedRoots = shared.map(folder);
    const featureOf = (rel) => (rel.startsWith(featureRoot) ? rel.slice(featureRoot.length).split('/')[0] : null);
    const inApp = (rel) => Boolean(appRoot) && rel.startsWith(appRoot);
    const data = { shared: shared.join(', ') || 'shared folders', app: app || 'the app' };
    return onImports(context, (imports, file, rel) => {
      const from = featureOf(rel);
      const sharedFolder = sharedRoots.find((root) => rel.startsWith(root));
      if (!from && !sharedFolder) return;
      for (const { node, specifier } of imports) {
        const { target } = resolveImport(specifier, file);
        if (!target) continue;
        const to = featureOf(target);
        if (from) {
          if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { ...data, from, to, specifier } });
          else if (inApp(target)) context.report({ node, messageId: 'featureToApp', data: { ...data, from, specifier } });
        } else if (to || inApp(target)) {
          const what = to ? `feature '${to}'` : 'the app';
          context.report({ node, messageId: 'sharedToUpper', data: { folder: sharedFolder.slice(0, -1), what, specifier } });
        }
      }
    });
  },
};

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between the files of the project (dynamic import() excepted).' },
    schema: [{ type: 'object', additionalProperties: false, properties: { typeImports: { type: 'boolean' } } }],
    messages: { cycle: 'Import cycle: {{chain}}.' },
  },
  create(context) {
    const typeImports = context.options[0]?.typeImports ?? true;
    return onImports(context, (imports, file, rel) => {
      const counted = imports.filter((i) => !i.dynamic && (typeImports || !i.typeOnly));
      const edges = [];
      for (const { node, specifier } of counted) {
        const { target } = resolveImport(specifier, file);
        if (target) edges.push({ node, target });
      }
      const same = (a, b) => a.length === b.length && a.every((t, i) => t === b[i]);
      const saved = diskEdges(rel).filter((e) => typeImports || !e.typeOnly).map((e) => e.target).sort();
      // The usual case: the text is the saved file, and the saved graph's components answer.
      const asSaved = same(edges.map((e) => e.target).sort(), saved);
      const component = asSaved ? componentOf(rel, typeImports) : null;
      const reported = new Set();
      for (const { node, target } of edges) {
        if (reported.has(target)) continue;
        let chain = null;
        if (target === rel) chain = [rel, rel];
        else if (!asSaved || componentOf(target, typeImports) === component) {
          const back = pathBetween(target, rel, typeImports, asSaved ? component : undefined);
          if (back) chain = [rel, ...back];
        }
        if (chain) {
          reported.add(target);
          context.report({ node, messageId: 'cycle', data: { chain: arrow(chain) } });
        }
      }
    });
  },
};

export default {
  meta: { name: 'hamlog', version: '1.0.0' },
  rules: { boundaries, 'feature-boundaries': featureBoundaries, 'no-cycle': noCycle },
};
