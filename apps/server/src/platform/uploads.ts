import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors';

export type AllowedType = 'jpg' | 'png' | 'ico' | 'pdf';

const MIME: Record<AllowedType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

export const mimeOfExtension = (ext: string) => MIME[ext as AllowedType] ?? 'application/octet-stream';

/**
 * Checks an upload by its content, not its name: the detected type must be one allowed,
 * and the size within the limit. Answers the detected extension.
 */
export async function checkUpload(
  data: Buffer,
  allowed: readonly AllowedType[],
  maxBytes: number,
  field = 'file',
): Promise<AllowedType> {
  if (data.length === 0)
    throw new AppError('invalid_file', 'The file is empty.', [
      { propertyPath: field, message: 'empty', code: 'invalid_file' },
    ]);
  if (data.length > maxBytes)
    throw new AppError('file_too_large', `The file is larger than ${Math.round(maxBytes / 1024)} kB.`, [
      { propertyPath: field, message: 'too_large', code: 'file_too_large' },
    ]);
  const detected = await fileTypeFromBuffer(data);
  const ext = detected?.ext === 'cur' ? 'ico' : detected?.ext;
  if (!ext || !(allowed as readonly string[]).includes(ext))
    throw new AppError('invalid_file', `The file must be ${allowed.join(' or ').toUpperCase()}.`, [
      { propertyPath: field, message: 'invalid_type', code: 'invalid_file' },
    ]);
  return ext as AllowedType;
}
