import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/*
 * Rules for apps/server/src/modules that import-x cannot express. import-x/no-cycle follows files, and two
 * modules can depend on each other through files that never form a file cycle (chats.service → deals.views,
 * deals.lifecycle → chats.service); module-cycle follows modules. module-file-name keeps one naming scheme.
 */

const modulesDir = path.resolve(import.meta.dirname, "../apps/server/src/modules");

const IMPORT_SPECIFIER =
  /(?:^|[\s;])(?:import|export)\b[^"'`]*?from\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The module a file belongs to, or undefined outside modules/<name>/. */
function moduleOf(file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : undefined;
}

/** The other modules a file's relative imports reach. */
function importedModules(file, specifiers) {
  const own = moduleOf(file);
  const reached = new Set();
  for (const specifier of specifiers) {
    if (!specifier.startsWith(".")) continue;
    const target = moduleOf(path.resolve(path.dirname(file), specifier));
    if (target && target !== own) reached.add(target);
  }
  return reached;
}

function specifiersIn(source) {
  return [...source.matchAll(IMPORT_SPECIFIER)].map((match) => match[1] ?? match[2]);
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // Tests may set up through other modules; only what runs in the server makes a dependency.
    return /\.tsx?$/.test(entry) && !entry.endsWith(".test.ts") ? [full] : [];
  });
}

/** Module → the modules its files import, read from disk, with `file` taken as `specifiers` says (the linted text). */
function moduleGraph(file, specifiers) {
  const graph = new Map();
  for (const source of sourceFiles(modulesDir)) {
    if (source === file) continue;
    const from = moduleOf(source);
    const edges = graph.get(from) ?? new Set();
    for (const target of importedModules(source, specifiersIn(readFileSync(source, "utf8")))) edges.add(target);
    graph.set(from, edges);
  }
  const own = moduleOf(file);
  const edges = graph.get(own) ?? new Set();
  for (const target of importedModules(file, specifiers)) edges.add(target);
  graph.set(own, edges);
  return graph;
}

/** A path of modules from `start` back to `goal`, or undefined. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of graph.get(current) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      if (next === goal) {
        const found = [next];
        for (let step = current; step !== undefined; step = cameFrom.get(step)) found.unshift(step);
        return found;
      }
      queue.push(next);
    }
  }
  return undefined;
}

function importSources(node) {
  return node.source && typeof node.source.value === "string" ? [node.source] : [];
}

const moduleCycle = {
  meta: {
    type: "problem",
    docs: { description: "Two server modules never depend on each other, directly or through others" },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const own = moduleOf(file);
    if (!own || file.endsWith(".test.ts")) return {};
    const sources = [];
    const collect = (node) => sources.push(...importSources(node));
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      "Program:exit"() {
        if (sources.length === 0) return;
        const graph = moduleGraph(
          file,
          sources.map((source) => source.value),
        );
        for (const source of sources) {
          const [target] = importedModules(file, [source.value]);
          if (!target) continue;
          const back = pathBetween(graph, target, own);
          if (back)
            context.report({
              node: source,
              message: `Module cycle: ${[own, ...back].join(" → ")}. Break it with an events file, a dependency passed in at start-up, or a third module both use.`,
            });
        }
      },
    };
  },
};

// .tsx for the e-mail templates (React Email), the only JSX on the server.
const ROLE_FILE = /^(?<name>[a-z]+)(?:-[a-z0-9]+(?:-[a-z0-9]+)*)?\.(?:[a-z]+\.)?tsx?$/;

const moduleFileName = {
  meta: {
    type: "suggestion",
    docs: { description: "A module's files are <module>[-topic].<role>.ts (or .tsx)" },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const own = moduleOf(file);
    if (!own) return {};
    return {
      Program(node) {
        const base = path.basename(file);
        const match = ROLE_FILE.exec(base);
        const named = match?.groups.name === own && base.split(".").length >= 3;
        if (!named)
          context.report({
            node,
            message: `"${base}" in modules/${own}: name module files ${own}[-topic].<role>.ts (routes, service, presenter, views, access, events, socket, test…).`,
          });
      },
    };
  },
};

export const serverModules = { rules: { "module-cycle": moduleCycle, "module-file-name": moduleFileName } };

/** The modules there are, for the zones in eslint.config.js. */
export function serverModuleNames() {
  return readdirSync(modulesDir).filter((entry) => statSync(path.join(modulesDir, entry)).isDirectory());
}
