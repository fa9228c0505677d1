import { useSyncExternalStore } from 'react';
import { i18n } from '../i18n';
import { ApiError, NetworkError } from '../lib/api';

/** What the error modal shows and where its button leads. */
export interface ShowErrorOptions {
  /** An error code, translated with `errors:<code>`. */
  code: string;
  /** Shown instead of the code's translation (already translated, or the server's detail). */
  message?: string;
  goHome?: boolean;
  reloadPage?: boolean;
  redirectToRoute?: string;
  /** Show only the message, without the generic "something went wrong" text before it. */
  hideGenericMessage?: boolean;
}

export type ErrorModalOptions = Omit<ShowErrorOptions, 'code' | 'message'>;

interface ErrorState {
  error: ShowErrorOptions | null;
  sessionExpired: boolean;
}

/** A burst of failures (several queries of one page) opens one modal: others are dropped meanwhile. */
const ERROR_MODAL_FLAG_RESET_MS = 3000;

let state: ErrorState = { error: null, sessionExpired: false };
let displayFlag = false;
const listeners = new Set<() => void>();

function update(next: Partial<ErrorState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showError(options: ShowErrorOptions): void {
  if (displayFlag || state.sessionExpired) return;
  displayFlag = true;
  setTimeout(() => {
    displayFlag = false;
  }, ERROR_MODAL_FLAG_RESET_MS);
  update({ error: options });
}

export function clearError(): void {
  update({ error: null });
}

/** A 401 anywhere: the reconnect modal replaces any error modal. */
export function showSessionExpired(): void {
  update({ sessionExpired: true, error: null });
}

export function clearSessionExpired(): void {
  update({ sessionExpired: false });
}

export function useErrorState(): ErrorState {
  return useSyncExternalStore(subscribe, () => state);
}

/** The modal content for a thrown error: network failures get a generic message. */
export function errorFromException(error: unknown): ShowErrorOptions {
  if (error instanceof ApiError) {
    const known = i18n.exists(`errors:${error.code}`);
    return { code: error.code, message: known ? undefined : error.problem.detail || undefined };
  }
  if (error instanceof NetworkError) return { code: 'network_error' };
  return { code: 'unknown' };
}

/**
 * Opens the error modal for a failure nobody handled, except a 401 (the session-expired modal
 * owns those, announced by lib/api).
 */
export function reportError(error: unknown, modal?: ErrorModalOptions): void {
  if (error instanceof ApiError && error.status === 401) return;
  showError({ ...errorFromException(error), ...modal });
}

/** The translated text of an error code, or the unknown-error text. */
export function translateErrorCode(code: string): string {
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : i18n.t('errors:unknown');
}
