import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface MessageScreenProps {
  icon: Icon;
  title: string;
  message: ReactNode;
  action?: ReactNode;
  color?: string;
  /** Fill the viewport (standalone pages) or only the content area. */
  fullScreen?: boolean;
}

/** A full-page message: error pages, expired links, confirmations. */
export function MessageScreen({
  icon: Icon,
  title,
  message,
  action,
  color,
  fullScreen = true,
}: MessageScreenProps) {
  return (
    <Center component={fullScreen ? 'main' : 'div'} mih={fullScreen ? '100dvh' : 320} p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
          <Icon size={40} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {action}
      </Stack>
    </Center>
  );
}
