import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BuybackResponse } from '@reprise/shared';
import { IconAlertTriangle, IconCheck, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { ApiError, api } from '../../lib/api';
import { estimateErrorPath, isWizardErrorCode } from '../../lib/wizard-errors';
import { PageLoader } from '../../ui/page-loader';
import {
  BuybackStatusBadge,
  buybacksKeys,
  DocumentButtons,
  PriceBreakdownList,
  useBuyback,
} from '../buybacks';
import { newId, useOwnStoreId, WizardFrame } from '../cart';

/**
 * `/diag/{productId}/{slug}/{itemId}/{predeclaredBuybackId}`: a buyback declared on the web and
 * brought to the counter. The seller checks it and finalises it for the store
 * (`POST /store/{storeId}/buybacks/{id}/finalize`, one Idempotency-Key per attempt).
 */
export function PredeclaredFinalize({ buybackId }: { buybackId: string }) {
  const { t } = useTranslation(['buybackWizard', 'buybacks', 'catalog']);
  const navigate = useNavigate();
  const { can } = useSession();
  const storeId = useOwnStoreId();
  const queryClient = useQueryClient();
  const buyback = useBuyback(buybackId);
  // One key for this attempt: a retry after a lost answer replays it instead of finalising twice.
  const [idempotencyKey] = useState(newId);
  const finalize = useMutation({
    mutationFn: (target: BuybackResponse) =>
      api.post<BuybackResponse>(
        `/store/${storeId ?? target.store?.id}/buybacks/${target.id}/finalize`,
        {},
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: (done) => {
      queryClient.setQueryData(buybacksKeys.detail(done.id), done);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
    },
    onError: (error) => {
      if (error instanceof ApiError && isWizardErrorCode(error.code)) navigate(estimateErrorPath(error.code));
    },
    meta: { handlesErrors: true },
  });

  if (!buyback.data)
    return (
      <WizardFrame title={t('predeclared.title')}>
        <PageLoader />
      </WizardFrame>
    );
  const data = finalize.data ?? buyback.data;
  const mayFinalize = data.allowedActions.finalize && can('buyback.predeclared_access') && !finalize.data;

  return (
    <WizardFrame title={t('predeclared.title')} subtitle={data.identificationNumber}>
      <Stack gap="md">
        {finalize.data && (
          <Alert
            color="green"
            icon={<IconCircleCheck aria-hidden />}
            role="status"
            title={t('predeclared.done')}
          >
            {t('predeclared.doneHelp')}
          </Alert>
        )}
        {data.predeclarationOutdated && !finalize.data && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
            {t('buybacks:detail.predeclarationOutdated')}
          </Alert>
        )}
        {finalize.isError &&
          !(finalize.error instanceof ApiError && isWizardErrorCode(finalize.error.code)) && (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {t('error.buyback_creation_failed.message')}
            </Alert>
          )}
        <Card withBorder padding="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap={4}>
              <Group gap="xs">
                <BuybackStatusBadge status={data.status} />
              </Group>
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {data.product.name}
              </Title>
              <Text size="sm">
                {data.customer.firstName} {data.customer.lastName}
              </Text>
              <Text size="sm" c="dimmed">
                {data.circuit.name} · {data.paymentMode.label}
              </Text>
              {data.answers.map((answer) => (
                <Text size="sm" key={answer.questionId}>
                  <Text span c="dimmed" inherit>
                    {answer.questionTitle}
                  </Text>{' '}
                  {answer.answerTitles.join(', ')}
                </Text>
              ))}
            </Stack>
            <PriceBreakdownList price={data} />
          </SimpleGrid>
        </Card>
        <Group justify="space-between">
          <DocumentButtons buyback={data} />
          {mayFinalize && (
            <Button
              leftSection={<IconCheck size={18} aria-hidden />}
              loading={finalize.isPending}
              onClick={() => finalize.mutate(data)}
            >
              {t('predeclared.finalize')}
            </Button>
          )}
        </Group>
      </Stack>
    </WizardFrame>
  );
}
