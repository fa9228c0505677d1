import {
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { ProductSearchHit } from '@reprise/shared';
import { IconAlertCircle, IconChevronRight, IconPhotoOff, IconRefresh, IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../app/errors';
import { useCurrentUser } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { EmptyState } from '../../ui/empty-state';
import { PageLoader } from '../../ui/page-loader';
import type { useProductSearch } from '../catalog';
import { SearchUnavailableError } from '../catalog';
import { useRootDetail } from '../settings';
import { productDetails } from './product-details';
import classes from './wizard.module.css';

function ProductChoice({
  hit,
  onChoose,
  tagPrice,
}: {
  hit: ProductSearchHit;
  onChoose: (hit: ProductSearchHit) => void;
  /** The account's tag price is on: the best price shows as the price tag of the product. */
  tagPrice: boolean;
}) {
  const { t } = useTranslation('buybackWizard');
  const { money } = useFormatters();
  const best = money(Math.max(...Object.values(hit.buybackPrices)));
  const details = productDetails(hit.name, [hit.brand, hit.model]);
  // The name is the button (its text is its accessible name); the whole card answers clicks through it.
  return (
    <Paper withBorder radius="md" component="li" p="sm" className={classes.card} data-testid="product-choice">
      <Group wrap="nowrap" gap="sm">
        <Avatar src={hit.image?.url} alt="" radius="sm" size={48} color="gray" visibleFrom="xs">
          <IconPhotoOff size={20} aria-hidden />
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <UnstyledButton onClick={() => onChoose(hit)} className={classes.stretched} fw={600} fz="sm">
            <VisuallyHidden>{t('finder.choose')} </VisuallyHidden>
            {hit.name}
          </UnstyledButton>
          {details && (
            <Text size="xs" c="dimmed">
              {details}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {hit.mainCategory.label}
            {hit.eanCode ? ` · ${t('finder.ean', { ean: hit.eanCode })}` : ''}
          </Text>
        </Stack>
        {tagPrice ? (
          <Badge
            size="lg"
            variant="light"
            leftSection={<IconTag size={14} aria-hidden />}
            data-testid="tag-price"
            aria-label={t('finder.tagPrice', { price: best })}
          >
            {best}
          </Badge>
        ) : (
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('finder.upTo')}
            </Text>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {best}
            </Text>
          </Stack>
        )}
        <IconChevronRight size={18} aria-hidden opacity={0.5} />
      </Group>
    </Paper>
  );
}

interface ProductChoiceListProps {
  search: ReturnType<typeof useProductSearch>;
  onChoose: (hit: ProductSearchHit) => void;
  /** Shown when nothing matches. */
  emptyTitle: string;
  emptyDescription?: string;
}

/** The products a search found, each a button that starts the buyback of that product. */
export function ProductChoiceList({
  search,
  onChoose,
  emptyTitle,
  emptyDescription,
}: ProductChoiceListProps) {
  const { t } = useTranslation('buybackWizard');
  const detail = useRootDetail(useCurrentUser().currentOrganization.account.id).data;
  const hits = search.data?.pages.flatMap((page) => page.member) ?? [];
  const first = search.data?.pages[0];

  if (search.isError && !search.isFetching) {
    const unavailable = search.error instanceof SearchUnavailableError;
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={t('finder.searchFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {unavailable ? t('error.search_unavailable.message') : translateErrorCode('unknown')}
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => search.refetch()}
          >
            {t('finder.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!first) return search.isFetching ? <PageLoader /> : null;
  return (
    <Stack gap="xs" aria-busy={search.isFetching}>
      <Text size="sm" fw={600} aria-live="polite">
        {t('finder.count', { count: first.totalItems })}
      </Text>
      {hits.length === 0 ? (
        // the retailer's own word on an empty search (general settings), else the generic help
        <EmptyState title={emptyTitle} description={detail?.noSearchResultDescription ?? emptyDescription} />
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('finder.results')}
        >
          {hits.map((hit) => (
            <ProductChoice
              key={hit.id}
              hit={hit}
              onChoose={onChoose}
              tagPrice={detail?.tagPriceEnabled ?? false}
            />
          ))}
        </Stack>
      )}
      {search.hasNextPage && (
        <Group justify="center">
          <Button variant="light" loading={search.isFetchingNextPage} onClick={() => search.fetchNextPage()}>
            {t('finder.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
