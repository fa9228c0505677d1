import { Alert, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import type { IbanRequestResponse, SubmitIbanInput, SubmitIbanResponse } from '@reprise/shared';
import { SubmitIbanRequest } from '@reprise/shared/schemas/payments';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { ApiError, api } from '../../lib/api';

type Field = keyof SubmitIbanInput;

/**
 * `iban/:token` on the platform's own address, without a session: the IBAN link of a retailer
 * that has no active public site (docs/payments.md, "Transfer without IBAN"; the retailer's site has
 * its own page, apps/web/src/public/pages/iban-page.tsx). The same API and the same rules.
 */
export function IbanRequestPage() {
  const { t } = useTranslation('paymentBatches');
  const { locale } = useFormatters();
  const { token = '' } = useParams();
  const path = `/payments/iban-requests/${encodeURIComponent(token)}`;
  const request = useQuery({
    queryKey: ['iban-request', token],
    retry: false,
    queryFn: ({ signal }) => api.get<IbanRequestResponse>(path, { signal, silent401: true }),
    meta: { handlesErrors: true },
  });
  const submit = useMutation({
    mutationFn: (body: SubmitIbanRequest) => api.post<SubmitIbanResponse>(path, body, { silent401: true }),
    meta: { handlesErrors: true },
  });
  const [values, setValues] = useState<SubmitIbanInput>({ iban: '', holder: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SubmitIbanRequest.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as Field] ??= translateErrorCode(issue.message);
      setErrors(found);
      return;
    }
    submit.mutate(parsed.data);
  };

  const invalid =
    (request.error instanceof ApiError && [404, 422].includes(request.error.status)) ||
    (submit.error instanceof ApiError && submit.error.status === 404);
  if (request.isLoading) return <Loader size="sm" aria-label={t('ibanRequest.loading')} />;
  if (invalid || request.error)
    return (
      <Stack gap="md" data-testid="iban-request" data-state="invalid">
        <Title order={1} size="h3">
          {t('ibanRequest.invalidTitle')}
        </Title>
        <Alert color="red" role="alert">
          {invalid ? t('ibanRequest.invalidText') : translateErrorCode('service_unavailable')}
        </Alert>
      </Stack>
    );
  if (submit.data)
    return (
      <Stack gap="md" data-testid="iban-request" data-state="done">
        <Title order={1} size="h3">
          {t('ibanRequest.doneTitle')}
        </Title>
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          {t('ibanRequest.doneText', { iban: submit.data.ibanMasked })}
        </Alert>
      </Stack>
    );
  const data = request.data as IbanRequestResponse;
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: data.currency }).format(
    data.amountCents / 100,
  );
  const serverError =
    submit.error instanceof ApiError && submit.error.status === 422
      ? translateErrorCode('iban_invalid')
      : null;
  const input = (name: Field) => (
    <TextInput
      label={t(`ibanRequest.${name}`)}
      required
      value={values[name]}
      onChange={(e) => {
        setValues({ ...values, [name]: e.currentTarget.value });
        setErrors({ ...errors, [name]: undefined });
      }}
      error={errors[name] ?? (name === 'iban' ? serverError : null)}
      autoComplete={name === 'holder' ? 'name' : 'off'}
      data-testid={`iban-request-${name}`}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" data-testid="iban-request" data-state="form">
        <Title order={1} size="h3">
          {t('ibanRequest.title')}
        </Title>
        <Text>
          {t('ibanRequest.intro', {
            name: data.customerName,
            retailer: data.retailer,
            code: data.buybackCode,
            amount,
          })}
        </Text>
        {input('iban')}
        {input('holder')}
        <Text size="sm" c="dimmed">
          {t('ibanRequest.note')}
        </Text>
        <Button type="submit" loading={submit.isPending}>
          {t('ibanRequest.submit')}
        </Button>
      </Stack>
    </form>
  );
}
