/** A zod issue as the forms read it: where, and the message code of the shared schema. */
export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** True for what a user leaves empty: nothing, blank text or an empty list. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

const isObject = (value: unknown): value is object => Boolean(value) && typeof value === 'object';

/**
 * The form field an issue belongs to and the value the user gave it: the path stops at a text or a
 * list of plain values (`tacCodes.1` of a comma-separated text, or of a multi-select, is `tacCodes`).
 */
export function fieldOf(values: unknown, path: readonly PropertyKey[]): { path: string; value: unknown } {
  const kept: string[] = [];
  let value = values;
  for (const segment of path) {
    if (!isObject(value)) break;
    const child = (value as Record<string, unknown>)[String(segment)];
    if (Array.isArray(value) && !isObject(child)) break;
    value = child;
    kept.push(String(segment));
  }
  return { path: kept.join('.'), value };
}

/** An empty field is "required", whatever rule (length, format) it broke, unless its code says what it needs. */
export const requiredWhenEmpty = (code: string, value: unknown) =>
  isEmpty(value) && !code.endsWith('_required') ? 'required' : code;

/** The error code of each field in error: one per field (the first issue wins), on the field typed in. */
export function fieldErrorCodes(values: unknown, issues: readonly ValidationIssue[]): Record<string, string> {
  const codes: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(values, issue.path);
    codes[field.path] ??= requiredWhenEmpty(issue.message, field.value);
  }
  return codes;
}
