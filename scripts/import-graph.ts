import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graph of an app's sources, as the server's and the web app's import-graph tests read
 * it (apps/server/src/platform/import-graph.test.ts, apps/web/src/import-graph.test.ts): every
 * TypeScript file and the files of the same tree it imports relatively, and its cycles. Only the
 * tests import it: nothing of it is bundled.
 */

/** Every TypeScript file under `dir`, tests included (a test importing a file is a dependency too). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The specifiers of static imports, re-exports (`import type` included) and dynamic imports. */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/**
 * Resolves a relative specifier the way the bundler does: the file named, or without extension (or
 * .js for .ts) a .ts or .tsx file, or a folder's index.
 */
function resolve(from: string, specifier: string): string | null {
  const named = path.resolve(path.dirname(from), specifier);
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [named, base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each source file under `src` and the files under `src` it imports relatively. */
export function importGraph(src: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourcesUnder(src)) {
    // comments may quote an import; they are not dependencies
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = resolve(file, specifier);
      if (target?.startsWith(src + path.sep)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The cycles found by a depth-first search, each as the chain of nodes that closes it. */
export function cycles(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}
