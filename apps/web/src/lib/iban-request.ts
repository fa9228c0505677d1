import type { IbanRequestResponse, SubmitIbanInput, SubmitIbanResponse } from '@reprise/shared';
import { SubmitIbanRequest } from '@reprise/shared/schemas/payments';
import { useEffect, useState } from 'react';
import { ApiError, api } from './api';

/**
 * The IBAN link's page (docs/payments.md, "Transfer without IBAN"), on the retailer's public site
 * (public/pages/iban-page.tsx) and on the platform's own address for a retailer without one
 * (features/payment-batches/iban-request-page.tsx): one model for both, which only dress it in
 * their own look and words. It reads the request of the link's token (the only credential),
 * checks the IBAN and the holder's name with the API's own schema, sends them once, and says
 * which state the page is in.
 */

export type IbanField = keyof SubmitIbanInput;

export type IbanRequestState =
  | { kind: 'loading' }
  /** An unknown or used link. */
  | { kind: 'invalid' }
  /** The server could not be reached or failed. */
  | { kind: 'failed' }
  | { kind: 'form'; request: IbanRequestResponse }
  | { kind: 'done'; ibanMasked: string };

/** The error code of each refused field: the schema's, or `iban_invalid` from the server. */
export type IbanFieldErrors = Partial<Record<IbanField, string>>;

const outcomeOf = (error: unknown, invalidStatuses: number[]): IbanRequestState =>
  error instanceof ApiError && invalidStatuses.includes(error.status)
    ? { kind: 'invalid' }
    : { kind: 'failed' };

export function useIbanRequest(token: string) {
  const path = `/payments/iban-requests/${encodeURIComponent(token)}`;
  const [state, setState] = useState<IbanRequestState>({ kind: 'loading' });
  const [values, setValues] = useState<SubmitIbanInput>({ iban: '', holder: '' });
  const [errors, setErrors] = useState<IbanFieldErrors>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api.get<IbanRequestResponse>(path, { signal: controller.signal, silent401: true }).then(
      (request) => setState({ kind: 'form', request }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState(outcomeOf(error, [404, 422]));
      },
    );
    return () => controller.abort();
  }, [path]);

  /** A field typed into: its error goes until the next submit. */
  const change = (field: IbanField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async () => {
    const parsed = SubmitIbanRequest.safeParse(values);
    if (!parsed.success) {
      const found: IbanFieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as IbanField] ??= issue.message;
      setErrors(found);
      return;
    }
    setSending(true);
    try {
      const done = await api.post<SubmitIbanResponse>(path, parsed.data, { silent401: true });
      setState({ kind: 'done', ibanMasked: done.ibanMasked });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors({ iban: 'iban_invalid' });
      else setState(outcomeOf(error, [404]));
    } finally {
      setSending(false);
    }
  };

  return { state, values, errors, sending, change, submit };
}
