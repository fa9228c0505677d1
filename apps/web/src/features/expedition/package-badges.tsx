import { Badge, Group } from '@mantine/core';
import type { PackageSummaryResponse } from '@reprise/shared';
import { IconTag, IconTagOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../ui/status-badge';

/** Open or closed. */
export function PackageStatusBadge({ status }: { status: PackageSummaryResponse['status'] }) {
  const { t } = useTranslation('expedition');
  return (
    <Badge
      color={status === 'open' ? 'blue' : 'green'}
      variant="light"
      radius="sm"
      tt="none"
      styles={WHOLE_LABEL}
      data-testid="package-status"
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** With or without a carrier label (`short`: without the word "package", in a list's column). */
export function PackageTypeBadge({ withLabel, short = false }: { withLabel: boolean; short?: boolean }) {
  const { t } = useTranslation('expedition');
  const Icon = withLabel ? IconTag : IconTagOff;
  return (
    <Badge
      color="gray"
      variant="outline"
      radius="sm"
      tt="none"
      styles={WHOLE_LABEL}
      leftSection={<Icon size={12} aria-hidden />}
    >
      {t(withLabel ? `type.withLabel${short ? 'Short' : ''}` : `type.withoutLabel${short ? 'Short' : ''}`)}
    </Badge>
  );
}

/** Both, side by side. */
export function PackageBadges({ pack }: { pack: Pick<PackageSummaryResponse, 'status' | 'withLabel'> }) {
  return (
    <Group gap={6}>
      <PackageStatusBadge status={pack.status} />
      <PackageTypeBadge withLabel={pack.withLabel} />
    </Group>
  );
}
