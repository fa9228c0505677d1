import type { ImportIgnoredLineResponse, ImportResponse } from '@reprise/shared';
import { expect } from 'vitest';
import type { ApiKit, Who } from '../../../test/api-kit';

/** What the import tests share: an upload as the screen sends it, and the wait for its end. */

export interface UploadOptions {
  content: string;
  strategy: string;
  fileName?: string;
  parentCategoryIds?: string[];
  suffix?: string;
}

function importBody(file: Buffer | string, options: UploadOptions) {
  const boundary = '----reprise-import-boundary';
  const fields: Record<string, string> = { content: options.content, strategy: options.strategy };
  if (options.parentCategoryIds) fields.parentCategoryIds = options.parentCategoryIds.join(',');
  if (options.suffix !== undefined) fields.suffix = options.suffix;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileName = options.fileName ?? 'import.csv';
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    typeof file === 'string' ? Buffer.from(file) : file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  k: ApiKit,
  who: Who,
  accountId: string,
  file: Buffer | string,
  options: UploadOptions,
) {
  const { body, headers } = importBody(file, options);
  return k.post(who, `/api/accounts/${accountId}/imports`, body, headers);
}

/** Waits for the worker to end an import; answers it. */
export async function waitForEnd(k: ApiKit, id: string, who: Who = 'admin'): Promise<ImportResponse> {
  for (let i = 0; i < 240; i++) {
    const res = await k.get(who, `/api/imports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ImportResponse;
    if (body.status !== 'in_progress') return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`import ${id} did not end`);
}

/** Uploads a file and waits for its import to end. */
export async function runFile(
  k: ApiKit,
  accountId: string,
  file: Buffer | string,
  options: UploadOptions,
  who: Who = 'rmu',
): Promise<ImportResponse> {
  const res = await upload(k, who, accountId, file, options);
  expect(res.statusCode, res.body).toBe(201);
  return waitForEnd(k, (res.json() as ImportResponse).id, who);
}

export async function ignoredLines(k: ApiKit, id: string): Promise<ImportIgnoredLineResponse[]> {
  const res = await k.get('admin', `/api/imports/${id}/ignored-lines?itemsPerPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().member;
}

/** A CSV of `;`-separated lines. */
export const csv = (...lines: string[]) => `${lines.join('\n')}\n`;
