/** How one field of an audited record differs between its state before and after. */
export type AuditFieldChange = 'added' | 'removed' | 'changed' | 'same';

export interface AuditFieldDiff {
  field: string;
  /** `undefined`: the field is absent from that state. */
  before: unknown;
  after: unknown;
  change: AuditFieldChange;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A state as fields: an object's own, none for no state, `value` for anything else. */
const fieldsOf = (state: unknown): Record<string, unknown> =>
  isRecord(state) ? state : state === null || state === undefined ? {} : { value: state };

/** Deep equality of JSON values, whatever the order of an object's keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
  }
  return false;
}

/**
 * The fields of an audit entry's states side by side: the fields of the state before in their
 * order, then those only the state after has. A field absent before was added, absent after was
 * removed; a created record has only added fields, a removed one only removed fields.
 */
export function auditDiff(before: unknown, after: unknown): AuditFieldDiff[] {
  const was = fieldsOf(before);
  const is = fieldsOf(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields.map((field) => {
    const inBefore = field in was;
    const inAfter = field in is;
    const change: AuditFieldChange = !inBefore
      ? 'added'
      : !inAfter
        ? 'removed'
        : sameJson(was[field], is[field])
          ? 'same'
          : 'changed';
    return { field, before: was[field], after: is[field], change };
  });
}
