import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Colours of the statuses the product shows; labels are `common:status.<status>`. */
export const STATUS_COLORS: Record<string, MantineColor> = {
  active: 'green',
  inactive: 'gray',
  draft: 'gray',
  published: 'green',
  enabled: 'green',
  disabled: 'gray',
  in_progress: 'blue',
  success: 'green',
  success_with_ignored: 'orange',
  error: 'red',
};

/** A badge shows its whole label on one line: the column widens rather than cut it ("ACT…"). */
export const WHOLE_LABEL = {
  root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

interface StatusBadgeProps {
  status: string;
  /** Overrides the translated label. */
  label?: string;
}

export function StatusBadge({ status, label }: StatusBadgeProps) {
  const { t, i18n } = useTranslation('common');
  const text = label ?? (i18n.exists(`common:status.${status}`) ? t(`status.${status}`) : status);
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" radius="sm" styles={WHOLE_LABEL}>
      {text}
    </Badge>
  );
}
