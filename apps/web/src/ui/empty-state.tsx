import { Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: Icon;
  /** A button or link to get started (e.g. create the first item). */
  action?: ReactNode;
}

/** What a list or a panel shows when it has nothing yet. */
export function EmptyState({ title, description, icon: Icon = IconInbox, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
        <Icon size={30} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {description && (
        <Text size="sm" c="dimmed" maw={420}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
