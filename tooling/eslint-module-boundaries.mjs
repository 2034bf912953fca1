// Issue 32: modules keep to their rooms. A server module uses another only through that module's
// public entry, `modules/<name>/index.ts` (its service functions and types), never its tables,
// queries or other files: server/src/modules/README.md, "The contract".
//
// A rule of our own rather than no-restricted-imports: an import's text does not say which module
// it reaches (`../appointments/detail` is booking's own file from booking/change-time/, another
// module's from a file at a module's top), so this one resolves the path first. No dependency:
// eslint-plugin-boundaries would need an import resolver and element settings for the same check.
import path from 'node:path';

const MODULES_DIR = path.join('server', 'src', 'modules');
/**
 * The demo's room (issue 32): the test doubles and the personas' seed. It uses the modules like any
 * module does, through their public entries (plus the tables it is allowed, `allowTargets`), and no
 * module imports it: app.ts wires it by configuration.
 */
const DEMO_DIR = path.join('server', 'src', 'demo');
const DEMO = '(demo)';

function isInside(file, folder) {
  const relative = path.relative(folder, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * The module a file belongs to and its path inside that module ('' for the folder itself), or
 * null outside every module folder (server/src/db, http, util, counters, config, pages, …).
 */
function placeOf(file, modulesRoot) {
  const relative = path.relative(modulesRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [module, ...rest] = relative.split(path.sep);
  if (rest.length === 0) return null; // module.ts, index.ts, README.md: the list and the contract
  return { module, inner: rest.join('/').replace(/\.(ts|tsx|js|mjs|cjs)$/, '') };
}

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "a server module imports another module only through its public entry (modules/<name>/index.ts)" },
    schema: [
      {
        type: 'object',
        properties: {
          /** files inside another module that any module may import (module/path, without extension) */
          allowTargets: { type: 'array', items: { type: 'string' } },
          /**
           * A module's schema.ts may import another's schema.ts: a foreign key names the table it
           * refers to (drizzle's `references(() => people.id)`), and the migrations are made from all
           * of them. It declares the tables; it reads nothing.
           */
          foreignKeys: { type: 'boolean' },
          /**
           * Imports that were there when the rule came (file inside modules/ → module/path it
           * reaches): allowed until they are moved behind their owner's index.ts, and only in that
           * file. An entry no longer needed is an error too, so the list only shrinks.
           */
          knownViolations: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      demoFromModule:
        "'{{source}}' reaches into server/src/demo/: the test doubles and the demo seed are wired by configuration in app.ts, never imported by a module. Give the module a port (a type in its index.ts) and let server/src/demo/index.ts supply the double.",
      staleKnownViolation:
        "This file no longer imports '{{target}}': remove it from the module boundaries' knownViolations (eslint.config.mjs).",
      privateFile:
        "'{{source}}' reaches into the {{target}} module's own file {{inner}}: import its public entry '{{entry}}' instead (modules/{{target}}/index.ts exports its service functions and types; its tables and queries stay inside it). server/src/modules/README.md, 'The contract'.",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const modulesRoot = path.join(context.cwd, MODULES_DIR);
    const demoRoot = path.join(context.cwd, DEMO_DIR);
    const from = isInside(filename, demoRoot)
      ? { module: DEMO, inner: path.relative(demoRoot, filename).split(path.sep).join('/').replace(/\.(ts|tsx|js|mjs|cjs)$/, '') }
      : placeOf(filename, modulesRoot);
    if (!from) return {};
    const options = context.options[0] ?? {};
    const allowTargets = new Set(options.allowTargets ?? []);
    const fromFile = `${from.module}/${from.inner}`;
    const known = new Set(options.knownViolations?.[`${fromFile}.ts`] ?? []);
    const used = new Set();

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(filename), source.value);
      if (from.module !== DEMO && isInside(resolved, demoRoot)) {
        context.report({ node: source, messageId: 'demoFromModule', data: { source: source.value } });
        return;
      }
      const to = placeOf(resolved, modulesRoot);
      if (!to || to.module === from.module) return;
      if (to.inner === '' || to.inner === 'index') return;
      const target = `${to.module}/${to.inner}`;
      if (allowTargets.has(target)) return;
      if (options.foreignKeys && from.inner === 'schema' && to.inner === 'schema') return;
      if (known.has(target)) {
        used.add(target);
        return;
      }
      const entry = `${path.relative(path.dirname(filename), path.join(modulesRoot, to.module)).split(path.sep).join('/')}/index`;
      context.report({ node: source, messageId: 'privateFile', data: { source: source.value, target: to.module, inner: `${to.inner}`, entry } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      'Program:exit'(program) {
        for (const target of known) if (!used.has(target)) context.report({ node: program, messageId: 'staleKnownViolation', data: { target } });
      },
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
