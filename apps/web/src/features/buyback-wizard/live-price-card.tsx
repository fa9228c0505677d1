import { Avatar, Box, Card, Group, Stack, Text } from '@mantine/core';
import type { PriceBreakdown } from '@reprise/shared';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { PriceBreakdownList } from '../buybacks';
import { productDetails } from './product-details';
import type { Questionnaire } from './wizard-model';

/**
 * The product and its price as the answers go: beside the steps from 768 px, a compact bar stuck to
 * the bottom of the screen below. Announced politely when it changes.
 */
export function LivePriceCard({
  product,
  price,
}: {
  product: Questionnaire['product'];
  price: PriceBreakdown;
}) {
  const { t } = useTranslation('buybackWizard');
  const { money } = useFormatters();
  const details = productDetails(product.name, [product.brand, product.mainCategory.label]);
  return (
    <Card withBorder padding="md" radius="md" shadow="sm" component="aside" aria-label={t('price.title')}>
      <Stack gap="sm">
        <Group wrap="nowrap" gap="sm">
          <Avatar src={product.imageUrl} alt="" radius="sm" size={48} color="gray">
            <IconPhotoOff size={20} aria-hidden />
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="wizard-product">
              {product.name}
            </Text>
            {details && (
              <Text size="xs" c="dimmed" data-testid="wizard-product-details">
                {details}
              </Text>
            )}
          </div>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('price.live')}
            </Text>
            <Text
              fw={800}
              size="xl"
              aria-live="polite"
              data-testid="live-price"
              style={{ whiteSpace: 'nowrap' }}
            >
              {money(price.totalCents)}
            </Text>
          </Stack>
        </Group>
        <Box visibleFrom="sm">
          <PriceBreakdownList price={price} testId="live-breakdown" />
        </Box>
        {product.commentForSeller && (
          <Text size="xs" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'pre-line' }}>
            {product.commentForSeller}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
