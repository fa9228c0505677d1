/**
 * An IMEI blacklist provider's API over HTTP (modules/sandbox-device-check is the sandbox one;
 * nothing of it is imported here: a real provider's client looks the same):
 * `GET {api_url}/imeis/{imei}` with `Authorization: Bearer {api_key}` answers
 * `{ status: clean | lost | stolen | unknown, reference }`. Anything else, or no answer within the
 * timeout, is an outage.
 */

const TIMEOUT_MS = 2_500;
const RESULTS = new Set(['clean', 'lost', 'stolen', 'unknown']);

export type ProviderAnswer =
  | { kind: 'answer'; result: 'clean' | 'lost' | 'stolen' | 'unknown'; summary: string }
  | { kind: 'outage'; summary: string };

export async function askProvider(
  settings: { apiUrl: string; apiKey: string },
  imei: string,
): Promise<ProviderAnswer> {
  const base = settings.apiUrl.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/imeis/${encodeURIComponent(imei)}`, {
      headers: { authorization: `Bearer ${settings.apiKey}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      kind: 'outage',
      summary: timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : 'the provider could not be reached',
    };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return { kind: 'outage', summary: `the provider answered HTTP ${response.status}` };
  }
  const body = (await response.json().catch(() => null)) as { status?: unknown; reference?: unknown } | null;
  if (!body || typeof body.status !== 'string' || !RESULTS.has(body.status))
    return { kind: 'outage', summary: 'the provider answered no status' };
  const reference = typeof body.reference === 'string' ? body.reference.slice(0, 64) : null;
  return {
    kind: 'answer',
    result: body.status as 'clean' | 'lost' | 'stolen' | 'unknown',
    summary: reference ? `${body.status}, reference ${reference}` : body.status,
  };
}
