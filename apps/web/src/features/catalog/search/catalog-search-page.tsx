import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertCircle, IconRefresh, IconSearch, IconZoomQuestion } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { translateErrorCode } from '../../../app/errors';
import { usePageHeader } from '../../../app/page-header';
import { useSession } from '../../../app/session';
import { EmptyState } from '../../../ui/empty-state';
import { PageLoader } from '../../../ui/page-loader';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';
import { useCategoryTree } from '../categories/categories.queries';
import { CategoryMultiSelect } from '../category-multi-select';
import { pathsById } from '../category-tree';
import { useProductSearch } from './search.queries';
import { SearchHitCard } from './search-hit-card';
import { SearchUnavailableError } from './search-retry';

const CATEGORY_PARAM = 'category[]';

/** The words the search corrected: "ipone → iphone, one". */
function Corrections({ corrections }: { corrections: Record<string, string[]> }) {
  const { t } = useTranslation('catalog');
  const entries = Object.entries(corrections).filter(([, words]) => words.length > 0);
  if (entries.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('search.corrected', {
        corrections: entries.map(([typed, words]) => `${typed} → ${words.join(', ')}`).join(' ; '),
      })}
    </Text>
  );
}

interface SearchResultsProps {
  q: string;
  categories: string[];
  /** Category paths by id, to tell apart the brands found under several categories. */
  paths: ReadonlyMap<string, string[]>;
}

function SearchResults({ q, categories, paths }: SearchResultsProps) {
  const { t } = useTranslation('catalog');
  const { can } = useSession();
  const search = useProductSearch(q, categories, true);
  const hits = useMemo(() => search.data?.pages.flatMap((page) => page.member) ?? [], [search.data]);
  const first = search.data?.pages[0];

  if (search.isError && !search.isFetching) {
    const unavailable = search.error instanceof SearchUnavailableError;
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={t('search.failed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{translateErrorCode(unavailable ? 'search_unavailable' : 'unknown')}</Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => search.refetch()}
          >
            {t('search.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!first) return <PageLoader />;
  return (
    <Stack gap="sm" aria-busy={search.isFetching}>
      <div aria-live="polite">
        <Text fw={600}>
          {t(first.totalItemsCapped ? 'search.countCapped' : 'search.count', { count: first.totalItems })}
        </Text>
        <Corrections corrections={first.corrections} />
      </div>
      {hits.length === 0 ? (
        <EmptyState title={t('search.noMatch')} description={t('search.noMatchHelp')} />
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('search.results')}
        >
          {hits.map((hit) => (
            <SearchHitCard
              key={hit.id}
              hit={hit}
              categoryPath={paths.get(hit.mainCategory.id)}
              canOpen={can('product.detail')}
            />
          ))}
        </Stack>
      )}
      {search.hasNextPage && (
        <Group justify="center">
          <Button variant="light" loading={search.isFetchingNextPage} onClick={() => search.fetchNextPage()}>
            {t(first.totalItemsCapped ? 'search.moreCapped' : 'search.more', {
              shown: hits.length,
              total: first.totalItems,
            })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * `/catalog-search`: the quick search of the catalogue, for the counter: a name (typos tolerated),
 * an EAN, a reference, a TAC or an IMEI, with the grade-A price of each product found.
 */
export function CatalogSearchPage() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const tree = useCategoryTree();
  const paths = useMemo(() => pathsById(tree.data ?? []), [tree.data]);
  const breadcrumbs = useCatalogBreadcrumbs('search', { current: true });
  const q = params.get('q')?.trim() ?? '';
  const categories = params.getAll(CATEGORY_PARAM);
  const [text, setText] = useState(q);
  const emitted = useRef(q);
  usePageHeader({
    title: t('search.title'),
    icon: IconZoomQuestion,
    breadcrumbs,
  });

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const emit = useDebouncedCallback((value: string) => {
    emitted.current = value.trim();
    update((next) => (value.trim() ? next.set('q', value.trim()) : next.delete('q')));
  }, 300);

  // The address changed by other means (back button): show its search.
  useEffect(() => {
    if (q !== emitted.current) {
      emitted.current = q;
      setText(q);
    }
  }, [q]);

  return (
    <Stack gap="md" maw={1100}>
      <Card withBorder padding="md" role="search" aria-label={t('search.title')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <TextInput
            type="search"
            size="md"
            label={t('search.label')}
            description={t('search.help')}
            placeholder={t('search.placeholder')}
            leftSection={<IconSearch size={18} aria-hidden />}
            value={text}
            autoFocus
            autoComplete="off"
            onChange={(event) => {
              setText(event.currentTarget.value);
              emit(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                emit.flush();
              }
            }}
          />
          <CategoryMultiSelect
            label={t('search.categories')}
            description={t('search.categoriesHelp')}
            placeholder={t('search.allCategories')}
            tree={tree.data ?? []}
            value={categories}
            onChange={(ids) =>
              update((next) => {
                next.delete(CATEGORY_PARAM);
                for (const id of ids) next.append(CATEGORY_PARAM, id);
              })
            }
          />
        </SimpleGrid>
      </Card>
      {q || categories.length > 0 ? (
        <SearchResults q={q} categories={categories} paths={paths} />
      ) : (
        <EmptyState icon={IconZoomQuestion} title={t('search.intro')} description={t('search.introHelp')} />
      )}
    </Stack>
  );
}
