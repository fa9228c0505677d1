import { Anchor, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ControlSpecificationResponse } from '@reprise/shared';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../app/use-formatters';
import { AnswersTable } from '../../ui/answers-table';
import { Facts } from '../../ui/facts';
import { formatMoney } from '../../ui/format';

/** The item as it was declared: product, numbers, declared state, price and diagnosis. */
export function DeclaredFacts({ spec }: { spec: ControlSpecificationResponse }) {
  const { t } = useTranslation(['warehouseControl', 'catalog']);
  const { locale } = useFormatters();
  const { item } = spec;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder padding="md" radius="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          {spec.photos.productImageUrl && (
            <Image src={spec.photos.productImageUrl} alt="" w={96} h={96} fit="contain" radius="sm" />
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {item.product.name}
            </Title>
            {item.product.brand && (
              <Text size="sm" c="dimmed">
                {item.product.brand} · {item.category.label}
              </Text>
            )}
          </Stack>
        </Group>
        <Facts
          rows={[
            [
              t('specification.item'),
              <Text key="i" ff="monospace" size="sm" span>
                {item.identificationNumber}
              </Text>,
            ],
            [
              t('specification.buyback'),
              <Anchor key="b" component={Link} to={`/buyback/${item.buyback.id}`} ff="monospace" size="sm">
                {item.buyback.identificationNumber}
              </Anchor>,
            ],
            [t('specification.retailer'), item.buyback.retailerName],
            [t('specification.declaredState'), t(`catalog:grade.${spec.declared.state}`)],
            [
              t('specification.declaredPrice'),
              <Text key="p" fw={700} size="sm" span data-testid="declared-price">
                {formatMoney(spec.declared.priceCents, item.buyback.currency, locale)}
              </Text>,
            ],
            [t('specification.imei'), item.imei],
            [t('specification.serialNumber'), item.serialNumber],
          ]}
        />
      </Card>
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h5" mb="xs">
          {t('specification.declaredDiagnosis')}
        </Title>
        <AnswersTable
          answers={spec.declared.answers}
          questionLabel={t('specification.question')}
          answerLabel={t('specification.answer')}
          minWidth={280}
        />
      </Card>
    </SimpleGrid>
  );
}

/** Step 1: compare the device with what was declared, then run the diagnostic again (or set it aside). */
export function StepSpecification({
  spec,
  onNext,
  onQuarantine,
}: {
  spec: ControlSpecificationResponse;
  onNext: () => void;
  onQuarantine: () => void;
}) {
  const { t } = useTranslation('warehouseControl');
  return (
    <Stack gap="md">
      <Text size="sm">{t('specification.help')}</Text>
      <DeclaredFacts spec={spec} />
      <Group justify="space-between" gap="sm">
        <Button
          variant="light"
          color="red"
          leftSection={<IconLock size={18} aria-hidden />}
          onClick={onQuarantine}
        >
          {t('quarantine.open')}
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} onClick={onNext} autoFocus>
          {t('specification.start')}
        </Button>
      </Group>
    </Stack>
  );
}
