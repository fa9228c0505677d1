import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from '../../../scripts/import-graph';

const SRC = import.meta.dirname;
const FEATURES = path.join(SRC, 'features') + path.sep;

/** The feature a file belongs to (`features/<feature>/…`), or null outside the features. */
function featureOf(file: string): string | null {
  return file.startsWith(FEATURES) ? (path.relative(FEATURES, file).split(path.sep)[0] ?? null) : null;
}

const rel = (file: string) => path.relative(SRC, file);
const graph = importGraph(SRC);
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
