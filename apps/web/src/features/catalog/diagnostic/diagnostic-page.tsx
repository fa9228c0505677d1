import { Anchor, Badge, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import type { CategoryResponse, CategoryTreeNode } from '@reprise/shared';
import { IconSearch, IconStethoscope } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../../app/page-header';
import { EmptyState } from '../../../ui/empty-state';
import { PageLoader } from '../../../ui/page-loader';
import { StatusBadge } from '../../../ui/status-badge';
import classes from '../../../ui/tree.module.css';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';
import { useCategoryIndex, useCategoryTree } from '../categories/categories.queries';
import { filterTree } from '../category-tree';

interface TreeProps {
  nodes: readonly CategoryTreeNode[];
  counts: ReadonlyMap<string, CategoryResponse>;
  /** Questions of the ancestors, asked before the category's own. */
  inherited: number;
  nested?: boolean;
  label?: string;
}

function CategoryDiagnosticQuestionsTree({ nodes, counts, inherited, nested = false, label }: TreeProps) {
  const { t } = useTranslation('diagnostic');
  return (
    <ul className={nested ? classes.nested : classes.level} aria-label={label}>
      {nodes.map((node) => {
        const own = counts.get(node.id)?.numberOfQuestions ?? 0;
        return (
          <li key={node.id} className={classes.item}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={`/diagnostic/category/${node.id}`} fw={500} size="sm">
                {node.label}
              </Anchor>
              <Badge variant={own > 0 ? 'light' : 'outline'} color={own > 0 ? undefined : 'gray'} radius="sm">
                {t('landing.questions', { count: own })}
              </Badge>
              {inherited > 0 && (
                <Text size="xs" c="dimmed">
                  {t('landing.inherited', { count: inherited })}
                </Text>
              )}
              {node.status !== 'active' && <StatusBadge status={node.status} />}
            </Group>
            {node.children.length > 0 && (
              <CategoryDiagnosticQuestionsTree
                nodes={node.children}
                counts={counts}
                inherited={inherited + own}
                nested
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** `/diagnostic`: the category tree with each category's question count, to pick the one to work on. */
export function DiagnosticPage() {
  const { t } = useTranslation('diagnostic');
  const tree = useCategoryTree();
  const index = useCategoryIndex();
  const [search, setSearch] = useState('');
  const breadcrumbs = useCatalogBreadcrumbs('diagnostic', { current: true });
  usePageHeader({
    title: t('title'),
    icon: IconStethoscope,
    breadcrumbs,
  });
  const shown = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);

  if (!tree.data || !index.data) return <PageLoader />;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('landing.intro')}
        </Text>
        <TextInput
          type="search"
          label={t('landing.search')}
          placeholder={t('landing.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
        />
        {shown.length === 0 ? (
          <EmptyState title={tree.data.length === 0 ? t('landing.empty') : t('landing.noMatch')} />
        ) : (
          <CategoryDiagnosticQuestionsTree
            nodes={shown}
            counts={index.data}
            inherited={0}
            label={t('landing.treeLabel')}
          />
        )}
      </Stack>
    </Card>
  );
}
