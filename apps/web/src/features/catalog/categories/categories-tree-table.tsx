import { ActionIcon, Anchor, Box, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { CategoryTreeNode } from '@reprise/shared';
import { IconChevronRight, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import { StatusBadge } from '../../../ui/status-badge';
import classes from './categories-tree-table.module.css';

interface VisibleRow {
  node: CategoryTreeNode;
  depth: number;
}

/** The rows to draw: every category whose ancestors are all expanded. */
function visibleRows(
  nodes: readonly CategoryTreeNode[],
  collapsed: ReadonlySet<string>,
  depth = 0,
): VisibleRow[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(collapsed.has(node.id) ? [] : visibleRows(node.children, collapsed, depth + 1)),
  ]);
}

interface RowActionsProps {
  node: CategoryTreeNode;
  onDelete: (node: CategoryTreeNode) => void;
}

function RowActions({ node, onDelete }: RowActionsProps) {
  const { t } = useTranslation('categories');
  const { can } = useSession();
  const canEdit = can('category.create');
  const open = t(canEdit ? 'actions.edit' : 'actions.view', { name: node.label });
  const addChild = t('actions.addChild', { name: node.label });
  const remove = t('actions.delete', { name: node.label });
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {can('category.detail') && (
        <Tooltip label={open} withArrow>
          <ActionIcon component={Link} to={`/category/${node.id}/edit`} variant="subtle" aria-label={open}>
            {canEdit ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
      {canEdit && (
        <>
          <Tooltip label={addChild} withArrow>
            <ActionIcon
              component={Link}
              to={`/category/create?parent=${node.id}`}
              variant="subtle"
              aria-label={addChild}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={remove} withArrow>
            <ActionIcon variant="subtle" color="red" aria-label={remove} onClick={() => onDelete(node)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}

interface CategoriesTreeTableProps {
  tree: readonly CategoryTreeNode[];
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onDelete: (node: CategoryTreeNode) => void;
}

/** The category tree as a table: indented names that fold, status and product counts, actions per row. */
export function CategoriesTreeTable({ tree, collapsed, onToggle, onDelete }: CategoriesTreeTableProps) {
  const { t } = useTranslation('categories');
  const { can } = useSession();
  const canOpen = can('category.detail');
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Caption>
          <VisuallyHidden>{t('list.caption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.category')}</Table.Th>
            <Table.Th scope="col">{t('columns.status')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columns.products')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columns.published')}
            </Table.Th>
            <Table.Th scope="col" ta="right" w={132}>
              {t('columns.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visibleRows(tree, collapsed).map(({ node, depth }) => {
            const expanded = !collapsed.has(node.id);
            return (
              <Table.Tr key={node.id} data-testid={`category-row-${node.identifier}`}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap" pl={depth * 24}>
                    {node.children.length > 0 ? (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-expanded={expanded}
                        aria-label={t(expanded ? 'tree.collapse' : 'tree.expand', { name: node.label })}
                        onClick={() => onToggle(node.id)}
                      >
                        <IconChevronRight
                          size={16}
                          aria-hidden
                          className={classes.chevron}
                          data-expanded={expanded || undefined}
                        />
                      </ActionIcon>
                    ) : (
                      <Box w={22} aria-hidden />
                    )}
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      {canOpen ? (
                        <Anchor component={Link} to={`/category/${node.id}/edit`} fw={500} size="sm">
                          {node.label}
                        </Anchor>
                      ) : (
                        <Text fw={500} size="sm">
                          {node.label}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {node.identifier}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={node.status} />
                </Table.Td>
                <Table.Td ta="right" className={classes.count}>
                  {node.numberOfProducts}
                </Table.Td>
                <Table.Td ta="right" className={classes.count}>
                  {node.numberOfPublishedProducts}
                </Table.Td>
                <Table.Td>
                  <RowActions node={node} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
