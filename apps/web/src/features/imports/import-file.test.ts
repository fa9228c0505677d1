import { IMPORT_MAX_BYTES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { formatFileSize, importFileProblem } from './import-file';

describe('the file of a new import', () => {
  it('accepts a CSV or an XLSX file, whatever the case of its extension', () => {
    expect(importFileProblem({ name: 'products.csv', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'Products.XLSX', size: 10 })).toBeNull();
  });

  it('refuses another extension, an empty file and a file over the limit', () => {
    expect(importFileProblem({ name: 'products.xls', size: 10 })).toBe('invalid_extension');
    expect(importFileProblem({ name: 'products.csv.pdf', size: 10 })).toBe('invalid_extension');
    expect(importFileProblem({ name: 'products', size: 10 })).toBe('invalid_extension');
    expect(importFileProblem({ name: 'products.csv', size: 0 })).toBe('empty_file');
    expect(importFileProblem({ name: 'products.csv', size: IMPORT_MAX_BYTES + 1 })).toBe('file_too_large');
  });

  it('shows its size in the largest unit under it', () => {
    expect(formatFileSize(980, 'en-GB')).toBe('980 byte');
    expect(formatFileSize(1536, 'en-GB')).toBe('1.5 kB');
    expect(formatFileSize(12.4 * 1024 ** 2, 'en-GB')).toBe('12.4 MB');
  });
});
