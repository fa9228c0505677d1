import { ActionIcon, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import type { RefurbDiagnosisResponse } from '@reprise/shared';
import { IconArrowLeft, IconArrowRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { Section } from '../../ui/section';
import {
  useRefreshRefurbDiagnosis,
  useRefurbDiagnosisRefurbSteps,
  useSaveRefurbDiagnosisPlan,
} from './refurb-diagnosis.queries';
import { RefurbDiagnosisFrame, stepPath, WriteError } from './refurb-diagnosis-frame';

/**
 * `/refurb-diagnosis/{id}/summary`: the answers given, the services they
 * plan with their cost at the item's warehouse and the total; a service may be removed, or one of
 * the account's added. Each change is saved at once (the server recomputes the cost).
 */
export function RefurbDiagnosisSummaryPage() {
  return (
    <RefurbDiagnosisFrame step="summary">
      {(diagnosis) => <Summary diagnosis={diagnosis} />}
    </RefurbDiagnosisFrame>
  );
}

function Summary({ diagnosis }: { diagnosis: RefurbDiagnosisResponse }) {
  const { t } = useTranslation('refurbDiagnosis');
  const { money } = useFormatters();
  const navigate = useNavigate();
  const services = useRefurbDiagnosisRefurbSteps(diagnosis.id);
  const plan = useSaveRefurbDiagnosisPlan(diagnosis.id);
  const refresh = useRefreshRefurbDiagnosis(diagnosis.id);
  const [adding, setAdding] = useState('');
  const planned = diagnosis.planned.map((s) => s.id);
  const addable = (services.data?.member ?? []).filter((s) => !planned.includes(s.id));

  const save = (refurbStepIds: string[], onDone?: () => void) =>
    plan.mutate(refurbStepIds, {
      onSuccess: onDone,
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'item_already_diagnosed') void refresh();
      },
    });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!adding) return;
    save([...planned, adding], () => setAdding(''));
  };

  return (
    <Stack gap="md">
      <Section title={t('summary.answers')}>
        {diagnosis.answers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('summary.noAnswer')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('summary.question')}</Table.Th>
                  <Table.Th scope="col">{t('summary.answer')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {diagnosis.answers.map((answer) => (
                  <Table.Tr key={`${answer.questionId}-${answer.answerId}`}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{answer.questionLabel}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{answer.answerLabel}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section
        title={
          <>
            {t('summary.planned')} ({diagnosis.planned.length})
          </>
        }
      >
        {diagnosis.planned.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('summary.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" striped data-testid="refurb-diagnosis-planned">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('summary.service')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('summary.cost')}
                  </Table.Th>
                  <Table.Th scope="col" w={56}>
                    <Text span size="sm" fw={700}>
                      {t('summary.actions')}
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {diagnosis.planned.map((service) => (
                  <Table.Tr key={service.id} data-testid="refurb-diagnosis-planned-service">
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {service.name}
                      {service.kind === 'data_erasure' && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          · {t('summary.dataErasure')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{money(service.costCents)}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('summary.remove', { name: service.name })}
                        title={t('summary.remove', { name: service.name })}
                        disabled={plan.isPending}
                        onClick={() => save(planned.filter((id) => id !== service.id))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{t('summary.total')}</Table.Th>
                  <Table.Td ta="right" fw={700} data-testid="refurb-diagnosis-total">
                    {money(diagnosis.plannedCostCents)}
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
        <form onSubmit={onAdd}>
          <Group align="flex-end" gap="sm" mt="md" wrap="wrap">
            <NativeSelect
              label={t('summary.add')}
              value={adding}
              onChange={(event) => setAdding(event.currentTarget.value)}
              data={[
                { value: '', label: services.isLoading ? t('summary.loading') : t('summary.choose') },
                ...addable.map((s) => ({ value: s.id, label: `${s.name} (${money(s.costCents)})` })),
              ]}
              disabled={services.isLoading || addable.length === 0}
              style={{ flex: '1 1 260px' }}
              data-testid="refurb-diagnosis-add-service"
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              disabled={!adding}
              loading={plan.isPending}
            >
              {t('summary.addButton')}
            </Button>
          </Group>
        </form>
      </Section>

      <WriteError error={plan.error} />
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => navigate(stepPath(diagnosis.id, 'questions'))}
        >
          {t('nav.back')}
        </Button>
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          onClick={() => navigate(stepPath(diagnosis.id, 'stock'))}
          disabled={plan.isPending}
        >
          {t('nav.next')}
        </Button>
      </Group>
    </Stack>
  );
}
