/**
 * ESLint rule `overtone/no-folder-cycle`: no import cycle between the feature folders of an app
 * (issue 20, "Boundaries enforced"). `eslint-plugin-import-x`'s `no-cycle` sees cycles between
 * files; this rule sees them between folders: `modules/measurements` importing
 * `modules/measurement-detail` while that imports `modules/measurements` back is reported even
 * when no single file closes the loop.
 *
 * Options: `{ roots: string[] }`, folders (relative to the working directory) whose immediate
 * subfolders are the units, e.g. `apps/web/src/features`; a file directly in a root is a unit of
 * its own. Units of different roots are not compared (the layer rules order them).
 *
 * The graph of the other files is read once per lint run with a regular expression (value imports
 * and re-exports, dynamic `import()`, relative specifiers only); `import type` and `export type`
 * are left out, as a type-only import creates no cycle at run time. Test files, `*TestKit.*` and
 * `testing/` folders are test support and are not part of the graph.
 */
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mjs)$/;
const TEST_SUPPORT = /(\.test\.[tj]sx?|TestKit\.[tj]sx?)$|[\\/]testing[\\/]/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];
const SPECIFIER =
  /(?:^|[\s;])(?:import(?!\s+type\b)(?:[^'"]*?\sfrom)?|export(?!\s+type\b)[^'"]*?\sfrom)\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The file a relative specifier names, or null. */
export function resolveSpecifier(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) {
    const f = base + ext;
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  }
  return null;
}

/** The unit (`<root>/<folder>` or `<root>/<file>`) of an absolute path, or null outside every root. */
export function unitOf(file, roots) {
  for (const root of roots) {
    const rel = path.relative(root, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    return { root, unit: path.join(root, rel.split(path.sep)[0]) };
  }
  return null;
}

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') yield* walk(p);
    } else if (SOURCE.test(e.name)) yield p;
  }
}

/**
 * The folder graph of the roots: unit → (unit → the first `file → specifier` that makes the edge).
 * @param roots absolute folders
 */
export function folderGraph(roots) {
  const graph = new Map();
  for (const root of roots)
    for (const file of walk(root)) {
      if (TEST_SUPPORT.test(file)) continue;
      const from = unitOf(file, [root]).unit;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(SPECIFIER)) {
        const spec = m[1] ?? m[2];
        const target = resolveSpecifier(file, spec);
        const to = target && unitOf(target, [root]);
        if (!to || to.unit === from) continue;
        if (!graph.has(from)) graph.set(from, new Map());
        if (!graph.get(from).has(to.unit)) graph.get(from).set(to.unit, `${path.relative(root, file)} → ${spec}`);
      }
    }
  return graph;
}

/** A path of units from `from` to `to` in the graph (breadth first), or null. */
export function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const u = queue.shift();
    if (u === to) {
      const out = [];
      for (let v = to; v !== null; v = previous.get(v)) out.unshift(v);
      return out;
    }
    for (const v of graph.get(u)?.keys() ?? [])
      if (!previous.has(v)) {
        previous.set(v, u);
        queue.push(v);
      }
  }
  return null;
}

const graphs = new Map(); // one per set of roots and lint run

/** @type {import('eslint').Rule.RuleModule} */
export const noFolderCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between feature folders' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' } } },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Folder cycle: {{from}} imports {{to}}, and {{to}} leads back to {{from}} ({{path}}). Move what both need into one of them or below both.',
    },
  },
  create(context) {
    const roots = context.options[0].roots.map((r) => path.resolve(context.cwd, r));
    const file = context.filename;
    if (TEST_SUPPORT.test(file)) return {};
    const here = unitOf(file, roots);
    if (!here) return {};
    const key = roots.join('\n');
    if (!graphs.has(key)) graphs.set(key, folderGraph(roots));
    const graph = graphs.get(key);
    const check = (node, source) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolveSpecifier(file, source.value);
      const there = target && unitOf(target, [here.root]);
      if (!there || there.unit === here.unit) return;
      const back = pathBetween(graph, there.unit, here.unit);
      if (!back) return;
      const steps = back.slice(0, -1).map((u, i) => graph.get(u).get(back[i + 1]));
      const name = (u) => path.relative(here.root, u);
      context.report({
        node: source,
        messageId: 'cycle',
        data: { from: name(here.unit), to: name(there.unit), path: steps.join('; ') },
      });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source),
      ExportNamedDeclaration: (n) => check(n, n.source),
      ExportAllDeclaration: (n) => check(n, n.source),
      ImportExpression: (n) => check(n, n.source),
    };
  },
};

export default { rules: { 'no-folder-cycle': noFolderCycle } };
