import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  type MantineColor,
  Pagination,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  VERIFICATION_MAX_CODES,
  VERIFICATION_OUTCOMES,
  type VerificationLine,
  type VerificationOutcome,
} from '@reprise/shared/schemas/verification';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconDownload,
  IconFileSpreadsheet,
  IconListSearch,
  IconSearch,
} from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { ApiError } from '../../lib/api';
import { ScanCodeForm, ScanCodeInput } from '../../ui/scan-code-input';
import { SimpleTable } from '../../ui/simple-table';
import { BuybackStatusBadge } from '../buybacks';
import { ItemStatusBadge } from '../items';
import { type NumberVerification, useVerifyList, useVerifyNumber } from './verification.queries';
import { countOutcomes, normaliseNumber, resultsCsv } from './verification-results';

const OUTCOME_COLORS: Record<VerificationOutcome, MantineColor> = {
  verifiable: 'green',
  not_verifiable: 'orange',
  not_found: 'gray',
  invalid: 'red',
};
const PAGE_SIZE = 100;

/** `/verification`: by identification number, or by a CSV list. */
export function VerificationPage() {
  const { t } = useTranslation(['verification', 'buybacks']);
  usePageHeader({ title: t('title'), icon: IconListSearch, breadcrumbs: [{ label: t('title') }] });
  return (
    <Tabs defaultValue="number" keepMounted={false} maw={1100}>
      <Tabs.List mb="md">
        <Tabs.Tab value="number" leftSection={<IconSearch size={16} aria-hidden />}>
          {t('tabs.number')}
        </Tabs.Tab>
        <Tabs.Tab value="list" leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
          {t('tabs.list')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="number">
        <ByNumber />
      </Tabs.Panel>
      <Tabs.Panel value="list">
        <ByList />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * Scanner first: the field has the focus on load and after each lookup; a keyboard-wedge scan
 * (digits and Enter) looks the number up; a refusal is said and the number selected for the next.
 */
function ByNumber() {
  const { t } = useTranslation(['verification', 'buybacks']);
  const verify = useVerifyNumber();
  const [value, setValue] = useState('');
  const [error, setError] = useState<{ code: string } | null>(null);
  const [found, setFound] = useState<(NumberVerification & { n: string }) | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const refuse = (code: string) => {
    setFound(null);
    // a new object each time: the same refusal twice selects the number again
    setError({ code });
  };
  // a refused number is selected once shown: the next scan replaces it
  useEffect(() => {
    if (error) inputRef.current?.select();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = normaliseNumber(value);
    if (!n) {
      refuse('code_length_invalid');
      return;
    }
    setError(null);
    verify.mutate(n, {
      onSuccess: (result) => {
        setFound({ ...result, n });
        setValue('');
        inputRef.current?.focus();
      },
      onError: (failure) =>
        refuse(
          failure instanceof ApiError
            ? failure.status === 404
              ? 'not_found'
              : failure.code
            : 'network_error',
        ),
    });
  };

  return (
    <Stack gap="md">
      <ScanCodeForm help={t('number.help')} onSubmit={submit}>
        <ScanCodeInput
          inputRef={inputRef}
          label={t('number.label')}
          description={t('number.description')}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            if (error) setError(null);
          }}
          error={error ? true : undefined}
          errorId={errorId}
          style={{ flex: '1 1 260px' }}
          data-testid="verification-number"
        />
        <Button type="submit" loading={verify.isPending} leftSection={<IconSearch size={18} aria-hidden />}>
          {t('number.submit')}
        </Button>
      </ScanCodeForm>
      {error && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          id={errorId}
          data-testid="verification-error"
        >
          {error.code === 'not_found' ? t('number.notFound') : translateErrorCode(error.code)}
        </Alert>
      )}
      {found && <NumberResult result={found} />}
    </Stack>
  );
}

function NumberResult({ result }: { result: NumberVerification & { n: string } }) {
  const { t } = useTranslation(['verification', 'buybacks']);
  const { buyback, verifiable } = result;
  const titleId = useId();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="sm" justify="space-between">
          <Title order={2} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {t('number.result', { n: result.n })}
          </Title>
          <Badge
            size="lg"
            color={verifiable ? 'green' : 'orange'}
            variant="light"
            tt="none"
            leftSection={
              verifiable ? <IconCircleCheck size={16} aria-hidden /> : <IconCircleX size={16} aria-hidden />
            }
            data-testid="verification-verdict"
          >
            {verifiable ? t('outcome.verifiable') : t('outcome.not_verifiable')}
          </Badge>
        </Group>
        <Text size="sm">{verifiable ? t('number.verifiableHelp') : t('number.notVerifiableHelp')}</Text>
        <Table variant="vertical" layout="fixed" verticalSpacing={6}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">{t('buybacks:detail.identificationNumber')}</Table.Th>
              <Table.Td>
                <Anchor component={Link} to={`/buyback/${buyback.id}`} ff="monospace" size="sm">
                  {buyback.identificationNumber}
                </Anchor>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('buybacks:detail.item')}</Table.Th>
              <Table.Td ff="monospace">{buyback.item.identificationNumber}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('buybacks:detail.productName')}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{buyback.product.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('buybacks:detail.status')}</Table.Th>
              <Table.Td>
                <BuybackStatusBadge status={buyback.status} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('buybacks:detail.itemStatus')}</Table.Th>
              <Table.Td data-testid="verification-item-status">
                <ItemStatusBadge status={buyback.item.status} />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/** Why a list was refused: the file's violation in words, else the error code's translation. */
function listErrorText(t: (key: string) => string, error: unknown): string {
  if (error instanceof ApiError) {
    const violation = error.problem.violations?.[0]?.code;
    if (violation && ['too_many_codes', 'no_codes', 'not_text'].includes(violation))
      return t(`list.errors.${violation}`);
    return translateErrorCode(error.code);
  }
  return translateErrorCode('network_error');
}

function ByList() {
  const { t } = useTranslation(['verification', 'buybacks']);
  const verify = useVerifyList();
  const [file, setFile] = useState<File | null>(null);
  const [filter, setFilter] = useState<VerificationOutcome | null>(null);
  const [page, setPage] = useState(1);
  const results = verify.data?.results;
  const counts = results ? countOutcomes(results) : null;
  const shown = (results ?? []).filter((r) => !filter || r.outcome === filter);
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setFilter(null);
    setPage(1);
    verify.mutate(file);
  };

  const download = () => {
    if (!results) return;
    const csv = resultsCsv(results, {
      header: [
        t('list.columns.line'),
        t('list.columns.code'),
        t('list.columns.outcome'),
        t('list.columns.status'),
        t('list.columns.item'),
        t('list.columns.product'),
        t('list.columns.warehouse'),
      ],
      outcome: (o) => t(`outcome.${o}`),
      status: (s) => t(`buybacks:itemStatus.${s}`),
    });
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${(file?.name ?? 'verification').replace(/\.[^.]*$/, '')}-results.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="md" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('list.help', { max: VERIFICATION_MAX_CODES.toLocaleString() })}
            </Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <FileInput
                label={t('list.file')}
                placeholder={t('list.choose')}
                accept=".csv,.txt,text/csv,text/plain"
                value={file}
                onChange={(next) => {
                  setFile(next);
                  verify.reset();
                }}
                clearable
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                style={{ flex: '1 1 260px' }}
                data-testid="verification-file"
              />
              <Button
                type="submit"
                disabled={!file}
                loading={verify.isPending}
                leftSection={<IconSearch size={18} aria-hidden />}
              >
                {t('list.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {verify.isError && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          data-testid="verification-list-error"
        >
          {listErrorText(t, verify.error)}
        </Alert>
      )}
      {results && counts && (
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="verification-results">
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Title order={2} size="h5" id="verification-results">
                {t('list.results', { count: results.length })}
              </Title>
              <Button
                variant="light"
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={download}
                data-testid="verification-download"
              >
                {t('list.download')}
              </Button>
            </Group>
            <Group gap="xs" data-testid="verification-counts">
              <Button
                size="xs"
                variant={filter === null ? 'filled' : 'default'}
                onClick={() => {
                  setFilter(null);
                  setPage(1);
                }}
              >
                {t('list.all', { count: results.length })}
              </Button>
              {VERIFICATION_OUTCOMES.map((outcome) => (
                <Button
                  key={outcome}
                  size="xs"
                  color={OUTCOME_COLORS[outcome]}
                  variant={filter === outcome ? 'filled' : 'light'}
                  onClick={() => {
                    setFilter(outcome);
                    setPage(1);
                  }}
                  data-testid={`verification-count-${outcome}`}
                >
                  {t(`outcome.${outcome}`)}: {counts[outcome]}
                </Button>
              ))}
            </Group>
            <ResultsTable rows={shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)} />
            {pageCount > 1 && (
              <Pagination
                total={pageCount}
                value={page}
                onChange={setPage}
                size="sm"
                aria-label={t('list.pages')}
              />
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function ResultsTable({ rows }: { rows: VerificationLine[] }) {
  const { t } = useTranslation(['verification', 'buybacks']);
  return (
    <SimpleTable
      headers={[
        t('list.columns.line'),
        t('list.columns.code'),
        t('list.columns.outcome'),
        t('list.columns.status'),
        t('list.columns.product'),
        t('list.columns.warehouse'),
      ]}
      minWidth={720}
      testId="verification-results-table"
    >
      {rows.map((r) => (
        <Table.Tr key={r.line}>
          <Table.Td>{r.line}</Table.Td>
          <Table.Td>
            {r.buybackId ? (
              <Anchor component={Link} to={`/buyback/${r.buybackId}`} ff="monospace" size="sm">
                {r.code}
              </Anchor>
            ) : (
              <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.code}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Badge color={OUTCOME_COLORS[r.outcome]} variant="light" tt="none">
              {t(`outcome.${r.outcome}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{r.status ? <ItemStatusBadge status={r.status} /> : '—'}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.productName ?? '—'}</Table.Td>
          <Table.Td>{r.warehouse?.commonName ?? '—'}</Table.Td>
        </Table.Tr>
      ))}
    </SimpleTable>
  );
}
