import { Badge } from '@mantine/core';
import type { OrganizationType } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_TYPE_COLORS } from './organization-types';

export function OrganizationTypeBadge({ type }: { type: OrganizationType }) {
  const { t } = useTranslation('entities');
  return (
    // Never truncated in a narrow table cell.
    <Badge color={ORGANIZATION_TYPE_COLORS[type]} variant="light" radius="sm" miw="max-content">
      {t(`type.${type}`)}
    </Badge>
  );
}
