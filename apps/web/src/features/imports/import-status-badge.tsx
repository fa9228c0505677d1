import { Badge } from '@mantine/core';
import type { ImportStatus } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, WHOLE_LABEL } from '../../ui/status-badge';

/** An import's status (info, success, warning, danger, in the design system's colours). */
export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation('imports');
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      styles={WHOLE_LABEL}
      data-testid="import-status"
      data-status={status}
    >
      {t(`statuses.${status}`)}
    </Badge>
  );
}
