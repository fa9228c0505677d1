import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, NetworkError } from '../lib/api';

/** A field the server refused (a problem document's `violations`, packages/shared/src/errors.ts). */
export interface Violation {
  propertyPath: string;
  code: string;
}

/** A failed call of the site's API; `status` 0 for a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly violations: Violation[] = [],
  ) {
    super(code ?? `HTTP ${status}`);
  }
}

async function problemOf(response: Response): Promise<ApiError> {
  const problem = (await response.json().catch(() => null)) as {
    code?: string;
    violations?: Violation[];
  } | null;
  return new ApiError(response.status, problem?.code ?? null, problem?.violations ?? []);
}

let contentLanguage: string | null = null;

/** The visitor's language, sent with every call: the site's API answers the catalogue's texts in it. */
export function setContentLanguage(locale: string): void {
  contentLanguage = locale;
}

/** The browser's own error of an aborted request, for the caller that aborted it. */
function abortOf(error: unknown): unknown {
  const cause = error instanceof NetworkError ? error.cause : error;
  return (cause as Error | undefined)?.name === 'AbortError' ? cause : null;
}

/** A call of the site's API (`/api/…`) through the web app's one client (lib/api.ts). */
function fetchApi(url: string, init: RequestInit): Promise<Response> {
  return apiFetch(url.replace(/^\/api(?=\/)/, ''), init);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  if (contentLanguage) headers.set('accept-language', contentLanguage);
  try {
    return await fetchApi(url, { ...init, headers });
  } catch (error) {
    throw abortOf(error) ?? new ApiError(0, 'network_error');
  }
}

/**
 * A call whose page reads the answer itself (its status and problem document): the response, or
 * null when the server was not reached.
 */
export async function respond(url: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await fetchApi(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  } catch {
    return null;
  }
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await send(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as T;
}

/** POST with a JSON body (none when `body` is undefined); the answer's JSON, or null for 204. */
export async function postJson<T>(
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await send(url, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await problemOf(response);
  return response.status === 204 ? (null as T) : ((await response.json()) as T);
}

/** The status of a HEAD request (0 for a network failure). */
export async function headStatus(url: string, signal?: AbortSignal): Promise<number> {
  try {
    const response = await fetchApi(url, { method: 'HEAD', signal });
    return response.status;
  } catch (error) {
    const aborted = abortOf(error);
    if (aborted) throw aborted;
    return 0;
  }
}

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; data: T };

/** Reads done during this visit, so that going back to a page shows it at once. */
const cache = new Map<string, unknown>();

/** Forgets the reads of this visit (a new visitor session reads again). */
export function clearResourceCache(): void {
  cache.clear();
}

/** Reads a URL of the site's API for a page (cached for the visit; a new URL or language reads again). */
export function useResource<T>(url: string | null): Resource<T> {
  const { i18n } = useTranslation();
  const key = url ? `${i18n.language} ${url}` : null;
  const cached = key ? (cache.get(key) as T | undefined) : undefined;
  const [state, setState] = useState<Resource<T>>(
    cached !== undefined ? { status: 'ready', data: cached } : { status: 'loading' },
  );
  useEffect(() => {
    if (!url || !key) return;
    const hit = cache.get(key) as T | undefined;
    if (hit !== undefined) {
      setState({ status: 'ready', data: hit });
      return;
    }
    setState({ status: 'loading' });
    const controller = new AbortController();
    getJson<T>(url, controller.signal).then(
      (data) => {
        cache.set(key, data);
        setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (error instanceof ApiError) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [url, key]);
  return state;
}
