import { Button, Card, Group, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import type { RefurbDiagnosisResponse, RefurbDiagnosisStocksResponse } from '@reprise/shared';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { PageLoader } from '../../ui/page-loader';
import { stockLabel } from '../warehouse-checkin';
import {
  useFinalizeRefurbDiagnosis,
  useRefreshRefurbDiagnosis,
  useRefurbDiagnosisStocks,
} from './refurb-diagnosis.queries';
import { RefurbDiagnosisFrame, stepPath, WriteError } from './refurb-diagnosis-frame';

/**
 * `/refurb-diagnosis/{id}/stock` (stock choice and first service choice):
 * the stock of the item's warehouse it goes to (by default the native stock "to refurbish", or
 * "refurbishment completed" when nothing is planned) and the service to run first; Finalize.
 */
export function RefurbDiagnosisStockPage() {
  return (
    <RefurbDiagnosisFrame step="stock">
      {(diagnosis) => <StockLoader diagnosis={diagnosis} />}
    </RefurbDiagnosisFrame>
  );
}

function StockLoader({ diagnosis }: { diagnosis: RefurbDiagnosisResponse }) {
  const stocks = useRefurbDiagnosisStocks(diagnosis.id);
  if (!stocks.data) return <PageLoader />;
  return <StockForm diagnosis={diagnosis} stocks={stocks.data.member} />;
}

function StockForm({
  diagnosis,
  stocks,
}: {
  diagnosis: RefurbDiagnosisResponse;
  stocks: RefurbDiagnosisStocksResponse['member'];
}) {
  const { t } = useTranslation(['refurbDiagnosis', 'warehouseCheckin']);
  const { money } = useFormatters();
  const navigate = useNavigate();
  const finalize = useFinalizeRefurbDiagnosis(diagnosis.id);
  const refresh = useRefreshRefurbDiagnosis(diagnosis.id);
  const nothingPlanned = diagnosis.planned.length === 0;
  const defaultKind = nothingPlanned ? 'refurbishment_completed' : 'to_refurbish';
  const [stockId, setStockId] = useState(
    () => (stocks.find((s) => s.nativeKind === defaultKind) ?? stocks[0])?.id ?? '',
  );
  const [first, setFirst] = useState<string | null>(diagnosis.planned[0]?.id ?? null);
  const violations = finalize.error instanceof ApiError ? (finalize.error.problem.violations ?? []) : [];
  const fieldError = (path: string) => {
    const found = violations.find((v) => v.propertyPath === path);
    return found ? translateErrorCode(found.code) : undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    finalize.mutate(
      { stockId, firstRefurbStepId: nothingPlanned ? null : first },
      {
        onSuccess: () => navigate(stepPath(diagnosis.id, 'finalized')),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'item_already_diagnosed') void refresh();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={760}>
        <Card withBorder padding="md" radius="md">
          <Stack gap="md">
            <NativeSelect
              label={t('stock.stock')}
              description={t('stock.stockHelp')}
              value={stockId}
              onChange={(event) => setStockId(event.currentTarget.value)}
              data={stocks.map((s) => ({ value: s.id, label: stockLabel(t, s) }))}
              error={fieldError('stockId')}
              required
              data-testid="refurb-diagnosis-stock"
            />
            {nothingPlanned ? (
              <Text size="sm" c="dimmed">
                {t('stock.noService')}
              </Text>
            ) : (
              <Radio.Group
                label={t('stock.first')}
                description={t('stock.firstHelp')}
                value={first}
                onChange={setFirst}
                error={fieldError('firstRefurbStepId')}
                required
              >
                <Stack gap="xs" mt="xs">
                  {diagnosis.planned.map((service) => (
                    <Radio
                      key={service.id}
                      value={service.id}
                      label={service.name}
                      description={money(service.costCents)}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            <Text size="sm">
              {t('stock.total', {
                count: diagnosis.planned.length,
                total: money(diagnosis.plannedCostCents),
              })}
            </Text>
          </Stack>
        </Card>
        <WriteError error={violations.length > 0 ? null : finalize.error} />
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            onClick={() => navigate(stepPath(diagnosis.id, 'summary'))}
          >
            {t('nav.back')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconCheck size={18} aria-hidden />}
            loading={finalize.isPending}
            disabled={!stockId}
          >
            {t('stock.finalize')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
