import { IMPORT_MAX_BYTES } from '@reprise/shared';

/** The files an import reads (docs/imports.md): CSV, or XLSX whose first sheet is read. */
export const IMPORT_FILE_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportFileProblem = 'invalid_extension' | 'empty_file' | 'file_too_large';

/** Why the chosen file cannot be sent, as the server would say it (checked before the upload). */
export function importFileProblem(file: { name: string; size: number }): ImportFileProblem | null {
  if (!/\.(csv|xlsx)$/i.test(file.name.trim())) return 'invalid_extension';
  if (file.size === 0) return 'empty_file';
  if (file.size > IMPORT_MAX_BYTES) return 'file_too_large';
  return null;
}

const UNITS = [
  { unit: 'byte', size: 1 },
  { unit: 'kilobyte', size: 1024 },
  { unit: 'megabyte', size: 1024 ** 2 },
  { unit: 'gigabyte', size: 1024 ** 3 },
] as const;

/** `12,4 Mo`, `980 B`: the largest unit under the size, one decimal at most. */
export function formatFileSize(bytes: number, locale: string): string {
  const { unit, size } = [...UNITS].reverse().find((u) => bytes >= u.size) ?? UNITS[0];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(bytes / size);
}
