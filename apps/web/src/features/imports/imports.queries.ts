import type {
  AccountResponse,
  Collection,
  ImportContent,
  ImportIgnoredLineResponse,
  ImportResponse,
  ImportStatus,
  ImportStrategy,
  OrganizationResponse,
} from '@reprise/shared';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { accountsKeys } from '../design';

/** Imports (modules/imports/imports.routes.ts on the server): a catalogue's list, one import, its ignored lines. */
const importsKeys = {
  all: ['imports'] as const,
  lists: () => [...importsKeys.all, 'list'] as const,
  list: (accountId: string, filters: ImportFilters) => [...importsKeys.lists(), accountId, filters] as const,
  detail: (id: string) => [...importsKeys.all, 'detail', id] as const,
  /** Read again whenever the import has ignored more lines (it may still be running). */
  ignoredLines: (id: string, ignored: number) => [...importsKeys.all, 'ignored-lines', id, ignored] as const,
  organization: (id: string) => [...importsKeys.all, 'organization', id] as const,
};

export interface ImportFilters {
  status?: ImportStatus;
  content?: ImportContent;
}

/** Imports of the list load by pages of this size, the next one by "show more". */
const IMPORTS_PAGE_SIZE = 20;
/** Ignored lines of the side panel, the next ones by their own "show more". */
const IGNORED_LINES_PAGE_SIZE = 50;
/** How often the list and the side panel read a running import again (progress shown). */
const IMPORT_POLL_MS = 2_500;

const running = (i: ImportResponse) => i.status === 'in_progress';

function nextPage<T>(last: Collection<T>, pages: Collection<T>[], size: number): number | undefined {
  return pages.length * size < last.totalItems && last.member.length === size ? pages.length + 1 : undefined;
}

/** `GET /accounts/{accountId}/imports`, newest first; read again every few seconds while one runs. */
export function useImports(accountId: string | null, filters: ImportFilters) {
  return useInfiniteQuery({
    queryKey: importsKeys.list(accountId ?? '', filters),
    enabled: accountId !== null,
    queryFn: ({ pageParam, signal }) =>
      api.get<Collection<ImportResponse>>(`/accounts/${accountId}/imports`, {
        query: { page: pageParam, itemsPerPage: IMPORTS_PAGE_SIZE, ...filters },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPage(last, pages, IMPORTS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.member.some(running)) ? IMPORT_POLL_MS : false,
    meta: { errorModal: { redirectToRoute: '/imports' } },
  });
}

/** `GET /imports/{id}`: the side panel's import, read again while it runs. */
export function useImport(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: importsKeys.detail(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<ImportResponse>(importsKeys.detail(id ?? ''));
      const found = await api.get<ImportResponse>(`/imports/${id}`, { signal });
      // the list shows the same import: it ends there as soon as it ends here
      if (before && running(before) && !running(found))
        void client.invalidateQueries({ queryKey: importsKeys.lists() });
      return found;
    },
    refetchInterval: (query) => (query.state.data && running(query.state.data) ? IMPORT_POLL_MS : false),
    meta: { handlesErrors: true },
  });
}

/** `GET /imports/{id}/ignored-lines`, by line number; the next page on demand. */
export function useIgnoredLines(id: string, ignored: number) {
  return useInfiniteQuery({
    queryKey: importsKeys.ignoredLines(id, ignored),
    enabled: ignored > 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<Collection<ImportIgnoredLineResponse>>(`/imports/${id}/ignored-lines`, {
        query: { page: pageParam, itemsPerPage: IGNORED_LINES_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPage(last, pages, IGNORED_LINES_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}

/** The destination account (its name heads the list); its own copy from the session first. */
export function useDestinationAccount(accountId: string | null, placeholder?: AccountResponse) {
  return useQuery({
    queryKey: accountsKeys.detail(accountId ?? ''),
    enabled: accountId !== null,
    queryFn: ({ signal }) => api.get<AccountResponse>(`/accounts/${accountId}`, { signal }),
    placeholderData: placeholder,
    // the list of an account the user may not see says so already (404)
    meta: { handlesErrors: true },
  });
}

/** The organisation of `/imports/:organizationId`, for its account (the catalogue imported into). */
export function useOrganizationAccountId(organizationId: string | null) {
  return useQuery({
    queryKey: importsKeys.organization(organizationId ?? ''),
    enabled: organizationId !== null,
    queryFn: ({ signal }) => api.get<OrganizationResponse>(`/organizations/${organizationId}`, { signal }),
    select: (organization) => organization.accountId,
    staleTime: 5 * 60_000,
    meta: { errorModal: { redirectToRoute: '/imports' } },
  });
}

export interface NewImport {
  content: ImportContent;
  strategy: ImportStrategy;
  parentCategoryIds: string[];
  suffix: string;
  file: File;
}

/** The multipart body of `POST /accounts/{accountId}/imports`: the fields first, then the file (streamed by the server). */
function importFormData(values: NewImport): FormData {
  const body = new FormData();
  body.append('content', values.content);
  body.append('strategy', values.strategy);
  if (values.parentCategoryIds.length > 0)
    body.append('parentCategoryIds', values.parentCategoryIds.join(','));
  if (values.suffix) body.append('suffix', values.suffix);
  body.append('file', values.file, values.file.name);
  return body;
}

function seed(client: QueryClient, started: ImportResponse) {
  client.setQueryData(importsKeys.detail(started.id), started);
  return client.invalidateQueries({ queryKey: importsKeys.lists() });
}

/** Starts an import: the answer seeds the side panel, the lists are read again. */
export function useCreateImport(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: NewImport) =>
      api.post<ImportResponse>(`/accounts/${accountId}/imports`, importFormData(values)),
    onSuccess: (started) => seed(client, started),
    meta: { handlesErrors: true },
  });
}

/** `GET /import-templates/{content}`: the columns of that content and two example lines. */
export function downloadImportTemplate(content: ImportContent) {
  return downloadFile(`/import-templates/${content}`, {
    accept: 'text/csv',
    fallbackName: `${content}-template.csv`,
  });
}

/** `GET /imports/{id}/file`: the file as it was sent. */
export function downloadImportFile(imported: Pick<ImportResponse, 'id' | 'fileName'>) {
  return downloadFile(`/imports/${imported.id}/file`, {
    accept: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fallbackName: imported.fileName,
  });
}

export function useDownload<T>(download: (value: T) => Promise<void>) {
  return useMutation({ mutationFn: download });
}
