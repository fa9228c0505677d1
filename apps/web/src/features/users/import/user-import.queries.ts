import type { Locale, UserImportResponse } from '@reprise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { usersKeys } from '../users.queries';

/**
 * `POST /users/import?dryRun=` (multipart, field `file`): the dry run answers each line's result
 * and writes nothing; the import creates the valid lines, so the users lists are read again.
 */
export function useUserImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<UserImportResponse>(`/users/import?dryRun=${dryRun}`, body);
    },
    meta: { handlesErrors: true },
    onSuccess: (result) =>
      result.created > 0 && !result.dryRun
        ? queryClient.invalidateQueries({ queryKey: usersKeys.lists() })
        : undefined,
  });
}

/** The template CSV: the header of every column and two example lines. */
export const downloadUserImportTemplate = () =>
  downloadFile('/users/import/template', { accept: 'text/csv', fallbackName: 'users-import-template.csv' });

/** The documentation PDF of the file, in the screen's language. */
export const downloadUserImportDocumentation = (locale: Locale) =>
  downloadFile(`/users/import/documentation?lang=${locale}`, {
    accept: 'application/pdf',
    fallbackName: `user-import-${locale}.pdf`,
  });
