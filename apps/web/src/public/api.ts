import { useEffect, useState } from 'react';

/** A failed read of the site's API; `status` 0 for a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(code ?? `HTTP ${status}`);
  }
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error');
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { code?: string } | null;
    throw new ApiError(response.status, problem?.code ?? null);
  }
  return (await response.json()) as T;
}

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; data: T };

/** Reads done during this visit, so that going back to a page shows it at once. */
const cache = new Map<string, unknown>();

/** Reads a URL of the site's API for a page (cached for the visit; a new URL reads again). */
export function useResource<T>(url: string | null): Resource<T> {
  const cached = url ? (cache.get(url) as T | undefined) : undefined;
  const [state, setState] = useState<Resource<T>>(
    cached !== undefined ? { status: 'ready', data: cached } : { status: 'loading' },
  );
  useEffect(() => {
    if (!url) return;
    const hit = cache.get(url) as T | undefined;
    if (hit !== undefined) {
      setState({ status: 'ready', data: hit });
      return;
    }
    setState({ status: 'loading' });
    const controller = new AbortController();
    getJson<T>(url, controller.signal).then(
      (data) => {
        cache.set(url, data);
        setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (error instanceof ApiError) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [url]);
  return state;
}
