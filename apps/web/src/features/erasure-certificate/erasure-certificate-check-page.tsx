import { Alert, Button, Group, Loader, Stack, Table, TextInput, Title } from '@mantine/core';
import type { ErasureCertificateResponse } from '@reprise/shared';
import { IconCircleCheck, IconShieldQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, api } from '../../lib/api';

/** `ABCDEFGHJKLMNPQR` or `abcd-efgh-…` → `ABCD-EFGH-JKLM-NPQR`. */
const grouped = (code: string) =>
  code
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .match(/.{1,4}/g)
    ?.join('-') ?? '';

const erasureCertificateKeys = {
  all: ['erasure-certificate'] as const,
  check: (code: string) => [...erasureCertificateKeys.all, code] as const,
};

/**
 * `erasure-certificate/:code?` on the platform's own address, without a session: the check of a
 * data-erasure certificate's verification code printed by a retailer that has no active public
 * site (docs/refurbishment.md, "Data-erasure certificate"; the retailer's site has its own page,
 * apps/web/src/public/pages/erasure-certificate-page.tsx). The same answer: the device, its IMEI
 * masked but its last 4 digits, the method, the date and the warehouse, or "not found".
 */
export function ErasureCertificateCheckPage() {
  const { t } = useTranslation('erasureCertificate');
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(grouped(code));
  const normalised = code.replace(/[\s-]/g, '').toUpperCase();
  const check = useQuery({
    queryKey: erasureCertificateKeys.check(normalised),
    enabled: normalised.length > 0,
    retry: false,
    queryFn: ({ signal }) =>
      api.get<ErasureCertificateResponse>(`/public/erasure-certificates/${encodeURIComponent(normalised)}`, {
        signal,
        silent401: true,
      }),
    meta: { handlesErrors: true },
  });
  const unknown =
    check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 422);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.replace(/[\s-]/g, '').toUpperCase();
    if (value) navigate(`/erasure-certificate/${value}`);
  };

  return (
    <Stack gap="md">
      {!normalised && (
        <Title order={1} size="h3">
          {t('title')}
        </Title>
      )}
      {check.isLoading && <Loader size="sm" aria-label={t('checking')} />}
      {check.data && (
        <>
          <Title order={1} size="h3">
            {t('validTitle')}
          </Title>
          <Alert
            color="green"
            icon={<IconCircleCheck aria-hidden />}
            role="status"
            data-testid="erasure-check-state"
            data-state="valid"
          >
            {t('validText', { code: grouped(check.data.verificationCode) })}
          </Alert>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('device')}</Table.Th>
                <Table.Td>{check.data.productName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('imei')}</Table.Th>
                <Table.Td data-testid="erasure-check-imei">{check.data.imei ?? '—'}</Table.Td>
              </Table.Tr>
              {check.data.serialNumber && (
                <Table.Tr>
                  <Table.Th>{t('serialNumber')}</Table.Th>
                  <Table.Td>{check.data.serialNumber}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>{t('method')}</Table.Th>
                <Table.Td>{check.data.method}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('date')}</Table.Th>
                <Table.Td>
                  {new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
                    dateStyle: 'long',
                    timeStyle: 'short',
                  }).format(new Date(check.data.erasedAt))}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('warehouse')}</Table.Th>
                <Table.Td>{check.data.warehouseName}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </>
      )}
      {check.isError && (
        <>
          <Title order={1} size="h3">
            {t(unknown ? 'unknownTitle' : 'failedTitle')}
          </Title>
          <Alert
            color={unknown ? 'red' : 'gray'}
            icon={<IconShieldQuestion aria-hidden />}
            role="alert"
            data-testid="erasure-check-state"
            data-state={unknown ? 'unknown' : 'failed'}
          >
            {t(unknown ? 'unknownText' : 'failedText', { code: grouped(code) })}
          </Alert>
        </>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('code')}
            description={t('codeHelp')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoFocus={!normalised}
            maxLength={40}
            ff="monospace"
            style={{ flex: '1 1 220px' }}
            data-testid="erasure-check-code"
          />
          <Button type="submit">{t('check')}</Button>
        </Group>
      </form>
    </Stack>
  );
}
