import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ProductSearchHit } from '@reprise/shared';
import { IconBarcode, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../app/use-formatters';
import { HighlightedName } from './highlighted-name';
import classes from './search-hit-card.module.css';

/** One product found: what a seller checks at the counter (name, EAN, category) and the grade-A price. */
interface SearchHitCardProps {
  hit: ProductSearchHit;
  /** Labels from the root to the product's main category, when the tree is known. */
  categoryPath?: string[];
  canOpen: boolean;
}

export function SearchHitCard({ hit, categoryPath, canOpen }: SearchHitCardProps) {
  const { t } = useTranslation('catalog');
  const { money } = useFormatters();
  const details = [hit.brand, hit.model].filter(Boolean).join(' · ');
  const name = <HighlightedName hit={hit} />;
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="search-hit">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={hit.image?.url} alt="" radius="sm" size={56} color="gray">
          <IconPhotoOff size={22} aria-hidden />
        </Avatar>
        <div className={classes.body}>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {canOpen ? (
                <Anchor component={Link} to={`/product/${hit.id}/edit`} inherit>
                  {name}
                </Anchor>
              ) : (
                name
              )}
            </Text>
            {details && (
              <Text size="xs" c="dimmed">
                {details}
              </Text>
            )}
            <Group gap="xs">
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {categoryPath?.join(' › ') ?? hit.mainCategory.label}
              </Badge>
              {hit.matchedBy === 'code' && (
                <Badge variant="light" color="blue" radius="sm">
                  {t('search.exactCode')}
                </Badge>
              )}
            </Group>
            <Group gap="md" style={{ overflowWrap: 'anywhere' }}>
              <Group gap={4} wrap="nowrap">
                <IconBarcode size={14} aria-hidden />
                <Text size="xs">
                  {t('search.ean')}{' '}
                  <Text span ff="monospace" inherit>
                    {hit.eanCode ?? '—'}
                  </Text>
                </Text>
              </Group>
              {hit.reference && (
                <Text size="xs">
                  {t('search.reference')}{' '}
                  <Text span ff="monospace" inherit>
                    {hit.reference}
                  </Text>
                </Text>
              )}
            </Group>
          </Stack>
          <div className={classes.price}>
            <Text size="xs" c="dimmed">
              {t('grade.grade_a')}
            </Text>
            <Text fw={700} size="lg">
              {money(hit.buybackPrices.grade_a)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('search.functional', { price: money(hit.buybackPrices.functional) })}
            </Text>
          </div>
        </div>
      </Group>
    </Paper>
  );
}
