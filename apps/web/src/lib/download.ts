import type { Problem } from '@reprise/shared';
import { ApiError, apiFetch } from './api';

/** The file name the server gives in `Content-Disposition` (`attachment; filename="…"`), if any. */
function attachmentFileName(contentDisposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? null;
}

/**
 * Downloads a file of the API (`GET /api{path}`) with the session and saves it under the server's
 * name for it, else `fallbackName`. A refusal rejects with the server's problem, like any other
 * call (lib/api.ts), so the screens say why (a label not made yet, a document not available).
 */
export async function downloadFile(
  path: string,
  options: { accept: string; fallbackName: string },
): Promise<void> {
  // as it always was: without the module header, in the session's own module
  const response = await apiFetch(path, { headers: { Accept: options.accept } }, true);
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as Problem | null;
    throw new ApiError(
      response.status,
      problem?.code
        ? problem
        : {
            type: 'about:blank',
            title: response.statusText,
            status: response.status,
            detail: '',
            code: 'unknown',
          },
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.download = attachmentFileName(response.headers.get('content-disposition')) ?? options.fallbackName;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
