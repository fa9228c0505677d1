import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';

const fileViolation = (message: string, code: 'invalid_file' | 'file_too_large') => [
  { propertyPath: 'file', message, code },
];

/**
 * Reads the one file of a multipart request, sent in the field `file`. A file over `maxBytes`
 * answers 413 `file_too_large`; stopping one byte past the limit is enough to tell.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'invalid_file',
      'Send the file as multipart/form-data in the field "file".',
      fileViolation('required', 'invalid_file'),
    );
  }
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } }).catch(malformed);
  if (part?.fieldname !== 'file') {
    throw new AppError(
      'invalid_file',
      'Send the file in the field "file".',
      fileViolation('required', 'invalid_file'),
    );
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'file_too_large',
        `The file is larger than ${Math.round(maxBytes / 1024)} kB.`,
        fileViolation('too_large', 'file_too_large'),
      );
    }
    return malformed(error);
  }
}

/**
 * A multipart body the parser cannot read (no boundary, truncated, a broken part head) is the
 * client's fault: 422 `invalid_file`; the parser's own 4xx errors (too many parts) pass as they are.
 */
function malformed(error: unknown): never {
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof AppError || (status !== undefined && status >= 400 && status < 500)) throw error;
  throw new AppError(
    'invalid_file',
    'The multipart body is malformed or truncated.',
    fileViolation('malformed', 'invalid_file'),
  );
}
