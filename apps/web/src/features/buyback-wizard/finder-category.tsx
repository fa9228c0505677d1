import { Anchor, Breadcrumbs, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CategoryTreeNode, ProductSearchHit } from '@reprise/shared';
import { IconCategory, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { PageLoader } from '../../ui/page-loader';
import { useProductSearch } from '../catalog';
import { ProductChoiceList } from './product-choice-list';
import { wizardKeys } from './wizard.queries';

/** The path from a root down to the category `id` (empty when unknown). */
function categoryPath(nodes: readonly CategoryTreeNode[], id: string | null): CategoryTreeNode[] {
  if (!id) return [];
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

function CategoryProducts({
  categoryId,
  onChoose,
}: {
  categoryId: string;
  onChoose: (hit: ProductSearchHit) => void;
}) {
  const { t } = useTranslation('buybackWizard');
  const search = useProductSearch('', [categoryId], true);
  return <ProductChoiceList search={search} onChoose={onChoose} emptyTitle={t('finder.category.empty')} />;
}

/**
 * By category: the categories holding published products, browsed from the roots down (the current
 * one in the address, `?category=`), then the products of the one chosen.
 */
export function FinderCategory({ onChoose }: { onChoose: (hit: ProductSearchHit) => void }) {
  const { t } = useTranslation('buybackWizard');
  const [params, setParams] = useSearchParams();
  const tree = useQuery({
    queryKey: wizardKeys.categories(),
    queryFn: ({ signal }) => api.get<CategoryTreeNode[]>('/categories/with-products', { signal }),
    staleTime: 5 * 60_000,
  });
  if (!tree.data) return <PageLoader />;

  const path = categoryPath(tree.data, params.get('category'));
  const current = path.at(-1) ?? null;
  const children = current ? current.children : tree.data;
  const open = (id: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('category', id);
        else next.delete('category');
        return next;
      },
      { preventScrollReset: true },
    );

  if (tree.data.length === 0) return <EmptyState icon={IconCategory} title={t('finder.category.none')} />;
  return (
    <Stack gap="md">
      <nav aria-label={t('finder.category.path')}>
        <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} style={{ flexWrap: 'wrap' }}>
          <Anchor component="button" type="button" size="sm" onClick={() => open(null)}>
            {t('finder.category.all')}
          </Anchor>
          {path.map((node, index) =>
            index === path.length - 1 ? (
              <Text key={node.id} size="sm" fw={600} aria-current="page">
                {node.label}
              </Text>
            ) : (
              <Anchor key={node.id} component="button" type="button" size="sm" onClick={() => open(node.id)}>
                {node.label}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </nav>
      {children.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {children.map((node) => (
            <li key={node.id}>
              <Button
                variant="default"
                fullWidth
                justify="space-between"
                h="auto"
                py="sm"
                rightSection={<IconChevronRight size={16} aria-hidden />}
                onClick={() => open(node.id)}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              >
                {node.label}
              </Button>
            </li>
          ))}
        </SimpleGrid>
      )}
      {current && current.children.length === 0 && (
        <CategoryProducts categoryId={current.id} onChoose={onChoose} />
      )}
    </Stack>
  );
}
