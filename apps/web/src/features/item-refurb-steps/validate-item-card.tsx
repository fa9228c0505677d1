import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { FINISHED_REFURB_STEP_STATUSES, type ItemRefurbStepsResponse } from '@reprise/shared';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { useItemStocks } from '../items';
import { stockLabel } from '../warehouse-checkin';
import { useValidateRefurbItem } from './item-refurb-steps.queries';

/**
 * "Validate the item" (every service completed or cancelled first): the
 * stock it goes to, its warehouse's native "refurbishment completed" unless another is chosen;
 * disabled with a hint saying why while it cannot be done. Leads to the confirmation.
 */
export function ValidateItemCard({ data }: { data: ItemRefurbStepsResponse }) {
  const { t } = useTranslation(['itemRefurbSteps', 'warehouseCheckin']);
  const navigate = useNavigate();
  const { item } = data;
  const inRefurbishment = item.status === 'item_refurb_in_progress';
  const stocks = useItemStocks(item.id, inRefurbishment);
  const validate = useValidateRefurbItem();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const options = (stocks.data?.member ?? []).map((stock) => ({
    value: stock.id,
    label: stockLabel(t, stock),
  }));
  const fallback =
    stocks.data?.member.find((stock) => stock.nativeKind === 'refurbishment_completed')?.id ?? null;
  const stockId = chosen ?? fallback;
  const unfinished = data.member.filter(
    (step) => !FINISHED_REFURB_STEP_STATUSES.includes(step.status),
  ).length;
  const hint = !inRefurbishment
    ? t('validateItem.notInRefurbishment')
    : data.member.length === 0
      ? t('validateItem.noServices')
      : !data.canValidate
        ? t('validateItem.notFinished', { count: unfinished })
        : null;

  const submit = () => {
    setError(null);
    validate.mutate(
      { itemId: item.id, stockId },
      {
        onSuccess: (result) => {
          const query = new URLSearchParams({
            identificationNumber: result.identificationNumber,
            stockName: stockLabel(t, result.stock),
          });
          navigate(`/item-refurb-steps/completed?${query}`);
        },
        onError: (e) => setError(e instanceof ApiError ? e.code : 'network_error'),
      },
    );
  };

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="validate-item-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="validate-item-title">
          {t('validateItem.title')}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed" id="validate-item-hint" data-testid="validate-item-hint">
            <IconInfoCircle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {hint}
          </Text>
        )}
        {error && (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {translateErrorCode(error)}
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('validateItem.stock')}
            description={t('validateItem.stockHelp')}
            data={options}
            value={stockId}
            onChange={setChosen}
            disabled={!data.canValidate}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '1 1 260px' }}
            data-testid="validate-item-stock"
          />
          <Button
            color="green"
            leftSection={<IconCircleCheck size={18} aria-hidden />}
            disabled={!data.canValidate || !stockId}
            loading={validate.isPending}
            onClick={submit}
            aria-describedby={hint ? 'validate-item-hint' : undefined}
            data-testid="validate-item"
          >
            {t('validateItem.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
