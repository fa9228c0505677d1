import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const FEATURES = path.join(SRC, 'features') + path.sep;

/** Every TypeScript file under `dir`, tests included (a test importing a feature is a dependency too). */
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

/** Resolves a relative specifier the way the bundler does (no extension, or a folder's index). */
function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each web source file and the files of apps/web/src it imports relatively. */
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

/** The feature a file belongs to (`features/<feature>/…`), or null outside the features. */
function featureOf(file: string): string | null {
  return file.startsWith(FEATURES) ? (path.relative(FEATURES, file).split(path.sep)[0] ?? null) : null;
}

/** The cycles found by a depth-first search, each as the chain of nodes that closes it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
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

const rel = (file: string) => path.relative(SRC, file);
const graph = importGraph();
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
/** The imports from one feature into another. */
const crossFeature = edges.flatMap(({ from, to }) => {
  const source = featureOf(from);
  const target = featureOf(to);
  return source && target && source !== target ? [{ from, to, source, target }] : [];
});

describe('web import graph', () => {
  it('reads the sources it checks', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(crossFeature.length).toBeGreaterThan(10);
  });

  it('a feature uses another only through its entry, features/<feature>/index.ts', () => {
    const offending = crossFeature
      .filter(({ to, target }) => to !== path.join(FEATURES, target, 'index.ts'))
      .map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
    expect(offending).toEqual([]);
  });

  it('has no cycle between features', () => {
    const features = new Map<string, Set<string>>();
    for (const { source, target } of crossFeature) {
      const targets = features.get(source) ?? new Set<string>();
      targets.add(target);
      features.set(source, targets);
    }
    expect(cycles(features).map((chain) => chain.join(' -> '))).toEqual([]);
  });
});
