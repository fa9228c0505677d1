import { ApiError } from '../../lib/api';

/** The inputs of the new import, each on its step; `root` is the summary's own message. */
export type ImportField = 'content' | 'strategy' | 'parentCategoryIds' | 'suffix' | 'file' | 'root';

/** The step that shows an error of a field: the server's violations land on the step they concern. */
const STEP_OF: Record<ImportField, number> = {
  content: 0,
  strategy: 1,
  parentCategoryIds: 1,
  suffix: 1,
  file: 2,
  root: 3,
};

/** Codes of a refused upload without violations (modules/imports on the server): they concern the file. */
const FILE_CODES = new Set([
  'invalid_file',
  'file_too_large',
  'file_required',
  'empty_file',
  'invalid_extension',
]);

/** An error to show: its code, and the server's own words for a code the screen does not know. */
export interface FailureText {
  code: string;
  fallback?: string;
}

export type ImportFailure = Partial<Record<ImportField, FailureText>>;

/** Where a refused start shows: each violation on its field, a refused file on the file, the rest on the summary. */
export function failureOf(error: unknown): ImportFailure {
  if (!(error instanceof ApiError)) return { root: { code: 'network_error' } };
  const found: ImportFailure = {};
  for (const violation of error.problem.violations ?? []) {
    const head = violation.propertyPath.split(/[.[]/)[0] ?? '';
    const field: ImportField = head in STEP_OF ? (head as ImportField) : 'root';
    found[field] ??= { code: violation.code, fallback: violation.message };
  }
  if (Object.keys(found).length > 0) return found;
  const text = { code: error.code, fallback: error.problem.detail };
  return FILE_CODES.has(error.code) || error.status === 413 ? { file: text } : { root: text };
}

/** The first step holding an error. */
export function firstStepOf(failure: ImportFailure): number {
  return Math.min(...Object.keys(failure).map((field) => STEP_OF[field as ImportField]));
}
