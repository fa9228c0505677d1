import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const APP = path.join(SRC, 'app.ts');
const MODULES = path.join(SRC, 'modules') + path.sep;
const PLATFORM = path.join(SRC, 'platform') + path.sep;

/** Every TypeScript file under `dir`, tests included (a test importing a module is a dependency too). */
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

/** Resolves a relative specifier the way the bundler does (no extension, or .js for .ts, or a folder's index). */
function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each server source file and the files of apps/server/src it imports relatively. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourcesUnder(SRC)) {
    // comments may quote an import; they are not dependencies
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = resolve(file, specifier);
      if (target?.startsWith(SRC + path.sep)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The cycles found by a depth-first search, each as the chain of files that closes it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

const rel = (file: string) => path.relative(SRC, file);
const graph = importGraph();
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

describe('server import graph', () => {
  it('reads the sources it checks', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(edges.some((e) => rel(e.from) === 'app.ts' && e.to.startsWith(MODULES))).toBe(true);
  });

  it('no module imports app.ts (modules take AppDeps from platform/deps.ts)', () => {
    const offending = edges.filter((e) => e.from.startsWith(MODULES) && e.to === APP).map((e) => rel(e.from));
    expect(offending).toEqual([]);
  });

  it('nothing under platform/ imports from modules/', () => {
    const offending = edges
      .filter((e) => e.from.startsWith(PLATFORM) && e.to.startsWith(MODULES))
      .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
    expect(offending).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(cycles(graph).map((chain) => chain.map(rel).join(' -> '))).toEqual([]);
  });
});
