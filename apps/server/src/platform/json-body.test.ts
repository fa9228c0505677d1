import { describe, expect, it } from 'vitest';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './json-body';

describe('jsonDeeperThan', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('counts arrays and objects, up to the limit and one past it', () => {
    expect(jsonDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(jsonDeeperThan('{"a":{"b":[{"c":{}}]}}', 4)).toBe(true);
  });

  it('siblings do not add up: only the nesting counts', () => {
    expect(jsonDeeperThan(`[${Array.from({ length: 1000 }, () => '[[1]]').join(',')}]`, 3)).toBe(false);
  });

  it('brackets inside strings, escaped quotes included, do not count', () => {
    expect(jsonDeeperThan(JSON.stringify({ a: '[[[[[[{{{{{{' }), 1)).toBe(false);
    expect(jsonDeeperThan(JSON.stringify({ a: 'say \\"[[[[" \\\\', b: '[[[[' }), 1)).toBe(false);
    expect(jsonDeeperThan(JSON.stringify({ a: '\\', b: [[[]]] }), 3)).toBe(true);
  });

  it('reads 200,000 levels without recursion', () => {
    expect(jsonDeeperThan(nested(200_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
