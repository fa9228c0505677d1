import { Select, type SelectProps, Text } from '@mantine/core';
import type { CategoryTreeNode } from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenTree, truncateLabel } from './category-tree';

interface CategorySelectProps extends Omit<SelectProps, 'data' | 'renderOption'> {
  tree: readonly CategoryTreeNode[];
  /** Categories that may not be chosen (a category and its descendants, as its own parent). */
  exclude?: ReadonlySet<string>;
  /** Only this catalogue's categories are offered (platform operators see several). */
  accountId?: string | null;
}

/** One category picked from the tree: options indented by depth, searched by their whole path. */
export function CategorySelect({ tree, exclude, accountId, ...props }: CategorySelectProps) {
  const { t } = useTranslation('catalog');
  const categories = useMemo(() => flattenTree(tree), [tree]);
  const depthOf = useMemo(() => new Map(categories.map((c) => [c.id, c.depth])), [categories]);
  const nameOf = useMemo(() => new Map(categories.map((c) => [c.id, c.label])), [categories]);
  const data = categories
    .filter((c) => !exclude?.has(c.id) && (!accountId || c.accountId === accountId))
    .map((c) => ({ value: c.id, label: c.path.join(' › ') }));
  return (
    <Select
      searchable
      nothingFoundMessage={t('categorySelect.nothingFound')}
      maxDropdownHeight={320}
      {...props}
      data={data}
      renderOption={({ option }) => (
        <Text size="sm" pl={(depthOf.get(option.value) ?? 0) * 14} title={option.label}>
          {truncateLabel(nameOf.get(option.value) ?? option.label)}
        </Text>
      )}
    />
  );
}
