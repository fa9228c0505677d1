import { describe, expect, it } from 'vitest';
import { auditDiff, sameJson } from './audit-diff';

describe('audit entry diff', () => {
  it('marks the fields an update changed, added and removed, the others unchanged', () => {
    expect(
      auditDiff(
        { name: 'iPhone 12', price: 20000, comment: 'old', tags: ['a'] },
        { name: 'iPhone 12', price: 18000, tags: ['a'], status: 'active' },
      ),
    ).toEqual([
      { field: 'name', before: 'iPhone 12', after: 'iPhone 12', change: 'same' },
      { field: 'price', before: 20000, after: 18000, change: 'changed' },
      { field: 'comment', before: 'old', after: undefined, change: 'removed' },
      { field: 'tags', before: ['a'], after: ['a'], change: 'same' },
      { field: 'status', before: undefined, after: 'active', change: 'added' },
    ]);
  });

  it('a created record has only added fields, a removed one only removed fields', () => {
    expect(auditDiff(null, { name: 'x' })).toEqual([
      { field: 'name', before: undefined, after: 'x', change: 'added' },
    ]);
    expect(auditDiff({ name: 'x' }, null)).toEqual([
      { field: 'name', before: 'x', after: undefined, change: 'removed' },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('compares nested values deeply, whatever the order of their keys', () => {
    expect(
      auditDiff({ address: { city: 'Lille', zip: '59000' } }, { address: { zip: '59000', city: 'Lille' } }),
    ).toEqual([
      {
        field: 'address',
        before: { city: 'Lille', zip: '59000' },
        after: { zip: '59000', city: 'Lille' },
        change: 'same',
      },
    ]);
    expect(auditDiff({ address: { city: 'Lille' } }, { address: { city: 'Lyon' } })[0]?.change).toBe(
      'changed',
    );
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });

  it('a state that is not an object is one field, value', () => {
    expect(auditDiff('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b', change: 'changed' }]);
  });
});
