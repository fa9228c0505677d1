import { Badge } from '@mantine/core';
import type { LogAction } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../ui/status-badge';

const ACTION_COLORS: Record<LogAction, string> = { create: 'green', update: 'blue', remove: 'red' };

export function ActionBadge({ action }: { action: LogAction }) {
  const { t } = useTranslation('auditLog');
  return (
    <Badge color={ACTION_COLORS[action]} variant="light" radius="sm" styles={WHOLE_LABEL}>
      {t(`actions.${action}`)}
    </Badge>
  );
}

/** A record type's label; a name only older entries kept shows as it is. */
export function useEntityTypeLabel(): (entityType: string) => string {
  const { t, i18n } = useTranslation('auditLog');
  return (entityType) =>
    i18n.exists(`auditLog:entityTypes.${entityType}`) ? t(`entityTypes.${entityType}`) : entityType;
}
