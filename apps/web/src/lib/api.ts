import type { ModuleType, Problem } from '@reprise/shared';

/** A failed API call: the HTTP status and the server's problem document. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
    /** Seconds to wait before retrying, from the `Retry-After` header (429). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(problem.detail || problem.title);
  }
  get code(): string {
    return this.problem.code;
  }
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Failure to reach the server at all (offline, DNS, aborted). */
export class NetworkError extends Error {}

type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

let currentModule: ModuleType | null = null;
const unauthorizedListeners = new Set<() => void>();

/** The module header sent with every request (the server picks permissions by it). */
export function setApiModule(module: ModuleType | null): void {
  currentModule = module;
}

/** Called on any 401 except from the login call itself (the session-expired modal listens). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The one `fetch` of the web app, back office and public sites: `/api{path}` with the session
 * cookie, and the module header unless `sessionModule` (the server then answers in the session's
 * own module). A server not reached rejects with a NetworkError whose `cause` is the browser's
 * error (an aborted request among them). Reading the answer is the caller's: JSON through `api`
 * below, a file through lib/download.ts.
 */
export async function apiFetch(
  path: string,
  init: RequestInit = {},
  sessionModule = false,
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (currentModule && !sessionModule) headers.set('X-Module', currentModule);
  try {
    return await fetch(`/api${path}`, { credentials: 'same-origin', ...init, headers });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network', { cause: error });
  }
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  contentType?: string;
  signal?: AbortSignal;
  /** Do not announce a 401 (the login form handles its own). */
  silent401?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Send no `X-Module`: the server answers in the session's own module. */
  sessionModule?: boolean;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = options.contentType ?? 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await apiFetch(
    `${path}${toQueryString(options.query)}`,
    { method, headers, body, signal: options.signal },
    options.sessionModule,
  );
  if (response.status === 204 || response.status === 202) {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  // a HEAD answer has no body, whatever its content type says
  const isJson = method !== 'HEAD' && (response.headers.get('content-type') ?? '').includes('json');
  const payload = isJson ? await response.json() : undefined;
  if (!response.ok) {
    const problem: Problem =
      payload && typeof payload === 'object' && 'code' in payload
        ? (payload as Problem)
        : {
            type: 'about:blank',
            title: response.statusText,
            status: response.status,
            detail: response.statusText,
            code: 'unknown',
          };
    if (response.status === 401 && !options.silent401) for (const l of unauthorizedListeners) l();
    throw new ApiError(response.status, problem, parseRetryAfter(response.headers.get('retry-after')));
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  /** HEAD: resolves on 2xx; any other status rejects with an ApiError of that status (no problem body). */
  head: (path: string, options?: Omit<RequestOptions, 'body'>) => request<void>('HEAD', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  /** PATCH with application/merge-patch+json, as the API expects. */
  patch: <T>(path: string, body: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body, contentType: 'application/merge-patch+json' }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
