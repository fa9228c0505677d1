import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { RefurbDiagnosisResponse } from '@reprise/shared';
import { IconCircleCheck, IconPlayerPlay, IconScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../app/use-formatters';
import { stockLabel } from '../warehouse-checkin';

/**
 * The confirmation of a finalized diagnosis (`/refurb-diagnosis/{id}/finalized`, and any step of a
 * diagnosis finalized since): the stock the item went to, its services and their cost, the service
 * to run first, and the next item.
 */
export function FinalizedView({ diagnosis }: { diagnosis: RefurbDiagnosisResponse }) {
  const { t } = useTranslation(['refurbDiagnosis', 'warehouseCheckin']);
  const { money, dateTime } = useFormatters();
  const first = diagnosis.planned.find((s) => s.id === diagnosis.firstRefurbStepId);
  return (
    <Stack gap="md" data-testid="refurb-diagnosis-finalized">
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status" title={t('finalized.title')}>
        <Stack gap={4}>
          <Text size="sm">
            {t('finalized.text', {
              number: diagnosis.item.identificationNumber,
              stock: stockLabel(t, diagnosis.stock),
            })}
          </Text>
          {diagnosis.planned.length === 0 && <Text size="sm">{t('finalized.completed')}</Text>}
          {diagnosis.finalizedAt && (
            <Text size="xs" c="dimmed">
              {t('finalized.by', {
                date: dateTime(diagnosis.finalizedAt),
                name: diagnosis.finalizedBy?.name ?? '—',
              })}
            </Text>
          )}
        </Stack>
      </Alert>
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h5" mb="xs">
          {t('finalized.services')}
        </Title>
        {diagnosis.planned.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('summary.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" striped data-testid="refurb-diagnosis-finalized-services">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('summary.service')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('summary.cost')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {diagnosis.planned.map((service) => (
                  <Table.Tr key={service.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {service.name}
                      {service.id === diagnosis.firstRefurbStepId && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          · {t('finalized.first')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{money(service.costCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{t('finalized.cost')}</Table.Th>
                  <Table.Td ta="right" fw={700} data-testid="refurb-diagnosis-finalized-total">
                    {money(diagnosis.plannedCostCents)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Group justify="flex-end" gap="sm">
        <Button
          component={Link}
          to="/refurb-diagnosis/start"
          variant="default"
          leftSection={<IconScan size={18} aria-hidden />}
        >
          {t('finalized.another')}
        </Button>
        {diagnosis.firstItemRefurbStepId && (
          <Button
            component={Link}
            to={`/item-refurb-steps/${diagnosis.firstItemRefurbStepId}`}
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            title={first?.name}
          >
            {t('finalized.runFirst')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
