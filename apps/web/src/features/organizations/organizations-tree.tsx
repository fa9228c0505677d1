import { ActionIcon, Anchor, Box, Group, Text } from '@mantine/core';
import type { OrganizationTreeNode } from '@reprise/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/empty-state';
import { PageLoader } from '../../ui/page-loader';
import { StatusBadge } from '../../ui/status-badge';
import classes from '../../ui/tree.module.css';
import { OrganizationTypeBadge } from './organization-type-badge';
import { useOrganizationTree } from './organizations.queries';

interface TreeItemProps {
  node: OrganizationTreeNode;
  canOpen: boolean;
}

function TreeItem({ node, canOpen }: TreeItemProps) {
  const { t } = useTranslation('entities');
  const [expanded, setExpanded] = useState(true);
  const childrenId = useId();
  const hasChildren = node.children.length > 0;
  return (
    <li>
      <Group gap="xs" wrap="nowrap" py={4}>
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-expanded={expanded}
            aria-controls={childrenId}
            aria-label={t(expanded ? 'tree.collapse' : 'tree.expand', { name: node.commonName })}
            onClick={() => setExpanded((value) => !value)}
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
        {canOpen ? (
          <Anchor component={Link} to={`/entity/${node.id}/edit`} size="sm" fw={500}>
            {node.commonName}
          </Anchor>
        ) : (
          <Text size="sm" fw={500}>
            {node.commonName}
          </Text>
        )}
        <OrganizationTypeBadge type={node.type} />
        {node.status !== 'active' && <StatusBadge status={node.status} />}
      </Group>
      {hasChildren && expanded && (
        <TreeLevel id={childrenId} nodes={node.children} canOpen={canOpen} nested />
      )}
    </li>
  );
}

interface TreeLevelProps {
  nodes: OrganizationTreeNode[];
  canOpen: boolean;
  id?: string;
  label?: string;
  nested?: boolean;
}

function TreeLevel({ nodes, canOpen, id, label, nested = false }: TreeLevelProps) {
  return (
    <ul id={id} aria-label={label} className={nested ? classes.nested : classes.level}>
      {nodes.map((node) => (
        <TreeItem key={node.id} node={node} canOpen={canOpen} />
      ))}
    </ul>
  );
}

/** The organisations as nested lists (root management unit → management units → stores; buyers → warehouses). */
export function OrganizationsTree({ canOpen }: { canOpen: boolean }) {
  const { t } = useTranslation('entities');
  const tree = useOrganizationTree();
  if (!tree.data) return <PageLoader />;
  if (tree.data.length === 0) return <EmptyState title={t('list.empty')} />;
  return <TreeLevel nodes={tree.data} canOpen={canOpen} label={t('tree.label')} />;
}
