import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from '../../../../scripts/import-graph';

const SRC = path.resolve(import.meta.dirname, '..');
const APP = path.join(SRC, 'app.ts');
const MODULES = path.join(SRC, 'modules') + path.sep;
const PLATFORM = path.join(SRC, 'platform') + path.sep;

const rel = (file: string) => path.relative(SRC, file);
const graph = importGraph(SRC);
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** The module a file belongs to (its folder under modules/), or null outside modules/. */
const moduleOf = (file: string): string | null =>
  file.startsWith(MODULES) ? (file.slice(MODULES.length).split(path.sep)[0] ?? null) : null;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** The demo seed writes its data with the modules' own inner functions: a tool, not a module. */
const SEED = path.join(SRC, 'seed') + path.sep;

/**
 * Imports of another module's file other than its door (`modules/<m>/index.ts`). Checked for every
 * file of apps/server/src but the seed: modules (their tests included: a test may import its own
 * module's files, another module only through its door), app.ts, workers.ts, main.ts…
 */
function pastTheDoor(all: { from: string; to: string }[]): string[] {
  return all
    .filter((e) => !e.from.startsWith(SEED))
    .filter((e) => {
      const target = moduleOf(e.to);
      return (
        target !== null && target !== moduleOf(e.from) && e.to !== path.join(MODULES, target, 'index.ts')
      );
    })
    .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
}

/**
 * The module graph: which modules each module's code imports (tests left out: nothing imports a
 * test, so a test never closes a cycle between the modules' code).
 */
function moduleGraph(all: { from: string; to: string }[]): Map<string, string[]> {
  const modules = new Map<string, Set<string>>();
  for (const { from, to } of all) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (a === null || isTest(from)) continue;
    if (!modules.has(a)) modules.set(a, new Set());
    if (b !== null && b !== a) modules.get(a)?.add(b);
  }
  return new Map([...modules].map(([m, targets]) => [m, [...targets]]));
}

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

  it('every module has a door, its index.ts', () => {
    const modules = readdirSync(MODULES).filter((name) => statSync(path.join(MODULES, name)).isDirectory());
    expect(modules.length).toBeGreaterThan(20);
    expect(modules.filter((m) => !existsSync(path.join(MODULES, m, 'index.ts')))).toEqual([]);
  });

  it('nothing imports a module past its door (another module, app.ts, workers.ts: its index.ts only)', () => {
    expect(pastTheDoor(edges)).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const modules = moduleGraph(edges);
    expect(modules.get('warehouse')).toContain('buyback-lifecycle');
    expect(cycles(modules).map((chain) => chain.join(' -> '))).toEqual([]);
  });

  it('the lifecycle imports none of the modules that react to it (they register their reactions)', () => {
    expect(moduleGraph(edges).get('buyback-lifecycle')).toEqual([]);
  });

  it('the checks fail on a module reaching past a door, and on a cycle of modules', () => {
    const file = (m: string, name: string) => path.join(MODULES, m, name);
    const fake = [
      { from: file('a', 'a.service.ts'), to: file('b', 'b.repository.ts') },
      { from: file('a', 'a.service.ts'), to: file('c', 'index.ts') },
      { from: file('c', 'c.service.ts'), to: file('a', 'index.ts') },
      { from: file('b', 'b.int.test.ts'), to: file('b', 'b.repository.ts') },
      { from: file('b', 'b.int.test.ts'), to: file('a', 'a.service.ts') },
      { from: path.join(SRC, 'app.ts'), to: file('b', 'b.routes.ts') },
    ];
    expect(pastTheDoor(fake)).toEqual([
      'modules/a/a.service.ts -> modules/b/b.repository.ts',
      'modules/b/b.int.test.ts -> modules/a/a.service.ts',
      'app.ts -> modules/b/b.routes.ts',
    ]);
    expect(cycles(moduleGraph(fake)).map((chain) => chain.join(' -> '))).toEqual(['a -> c -> a']);
  });
});
