import { Button, Card, Group, TextInput } from '@mantine/core';
import type { CategoryTreeNode } from '@reprise/shared';
import { IconCategory, IconCategoryPlus, IconFold, IconFoldDown, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../../app/page-header';
import { useSession } from '../../../app/session';
import { EmptyState } from '../../../ui/empty-state';
import { PageLoader } from '../../../ui/page-loader';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';
import { filterTree, flattenTree } from '../category-tree';
import { useCategoryTree } from './categories.queries';
import { CategoriesTreeTable } from './categories-tree-table';
import { CategoryDeleteModal } from './category-delete-modal';

/** `/categories/list`: the category tree with product counts, to open, add under, or delete. */
export function CategoriesListPage() {
  const { t } = useTranslation('categories');
  const { can } = useSession();
  const tree = useCategoryTree();
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<CategoryTreeNode | null>(null);
  const breadcrumbs = useCatalogBreadcrumbs('categories', { current: true });
  const canCreate = can('category.create');
  usePageHeader({
    title: t('title'),
    icon: IconCategory,
    breadcrumbs,
    actions: canCreate
      ? [{ label: t('actions.create'), icon: IconCategoryPlus, to: '/category/create' }]
      : [],
  });

  const shown = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);
  const parents = useMemo(
    () =>
      flattenTree(tree.data ?? [])
        .filter((c) => c.node.children.length > 0)
        .map((c) => c.id),
    [tree.data],
  );
  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (!tree.data) return <PageLoader />;
  if (tree.data.length === 0)
    return (
      <Card withBorder>
        <EmptyState
          title={t('list.empty')}
          action={
            canCreate && (
              <Button
                component={Link}
                to="/category/create"
                leftSection={<IconCategoryPlus size={16} aria-hidden />}
              >
                {t('actions.create')}
              </Button>
            )
          }
        />
      </Card>
    );

  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
        />
        <Group gap="xs">
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconFoldDown size={16} aria-hidden />}
            onClick={() => setCollapsed(new Set())}
          >
            {t('tree.expandAll')}
          </Button>
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconFold size={16} aria-hidden />}
            onClick={() => setCollapsed(new Set(parents))}
          >
            {t('tree.collapseAll')}
          </Button>
        </Group>
      </Group>
      {shown.length === 0 ? (
        <EmptyState title={t('list.noMatch')} />
      ) : (
        <CategoriesTreeTable
          tree={shown}
          collapsed={search.trim() ? new Set() : collapsed}
          onToggle={toggle}
          onDelete={setDeleting}
        />
      )}
      <CategoryDeleteModal category={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
