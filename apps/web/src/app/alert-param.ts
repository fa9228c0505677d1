/** A banner requested through the `alert` query parameter of a list route. */
export interface QueryAlert {
  type: 'success' | 'error' | 'info' | 'warning';
  /** An i18n key (`users:created`) or a plain text. */
  message: string;
}

export const ALERT_PARAM = 'alert';
const TYPES: readonly QueryAlert['type'][] = ['success', 'error', 'info', 'warning'];

/** The alert a query parameter holds, or null when it is missing or malformed. */
export function parseAlertParam(raw: string | null): QueryAlert | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { type, message } = value as Record<string, unknown>;
    if (!TYPES.includes(type as QueryAlert['type']) || typeof message !== 'string' || !message.trim())
      return null;
    return { type: type as QueryAlert['type'], message };
  } catch {
    return null;
  }
}

/** `path` with a banner to show on arrival, e.g. `withAlert('/users', { type: 'success', message: 'users:created' })`. */
export function withAlert(path: string, alert: QueryAlert): string {
  const [pathname, search = ''] = path.split('?');
  const params = new URLSearchParams(search);
  params.set(ALERT_PARAM, JSON.stringify(alert));
  return `${pathname}?${params.toString()}`;
}
