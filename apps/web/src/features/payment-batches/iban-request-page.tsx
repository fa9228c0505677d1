import { Alert, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { type IbanField, useIbanRequest } from '../../lib/iban-request';

/**
 * `iban/:token` on the platform's own address, without a session: the IBAN link of a retailer
 * that has no active public site (docs/payments.md, "Transfer without IBAN"), in the back office's
 * look; the model is lib/iban-request.ts, the same as the retailer's site's page
 * (apps/web/src/public/pages/iban-page.tsx): the same API and the same rules.
 */
export function IbanRequestPage() {
  const { t } = useTranslation('paymentBatches');
  const { locale } = useFormatters();
  const { token = '' } = useParams();
  const { state, values, errors, sending, change, submit } = useIbanRequest(token);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  if (state.kind === 'loading') return <Loader size="sm" aria-label={t('ibanRequest.loading')} />;
  if (state.kind === 'invalid' || state.kind === 'failed')
    return (
      <Stack gap="md" data-testid="iban-request" data-state="invalid">
        <Title order={1} size="h3">
          {t('ibanRequest.invalidTitle')}
        </Title>
        <Alert color="red" role="alert">
          {state.kind === 'invalid'
            ? t('ibanRequest.invalidText')
            : translateErrorCode('service_unavailable')}
        </Alert>
      </Stack>
    );
  if (state.kind === 'done')
    return (
      <Stack gap="md" data-testid="iban-request" data-state="done">
        <Title order={1} size="h3">
          {t('ibanRequest.doneTitle')}
        </Title>
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          {t('ibanRequest.doneText', { iban: state.ibanMasked })}
        </Alert>
      </Stack>
    );
  const data = state.request;
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: data.currency }).format(
    data.amountCents / 100,
  );
  const input = (name: IbanField) => (
    <TextInput
      label={t(`ibanRequest.${name}`)}
      required
      value={values[name]}
      onChange={(e) => change(name, e.currentTarget.value)}
      error={errors[name] ? translateErrorCode(errors[name]) : null}
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
        <Button type="submit" loading={sending}>
          {t('ibanRequest.submit')}
        </Button>
      </Stack>
    </form>
  );
}
