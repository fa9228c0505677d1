import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionProps {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled card of a page: a region named by its heading. */
export function Section({ title, children, testId }: SectionProps) {
  const id = useId();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={2} size="h5" mb="xs" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

interface SettingsSectionProps {
  title: ReactNode;
  /** The space between the title and each of the contents. */
  gap: 'sm' | 'md';
  children: ReactNode;
}

/** A titled card of a settings page: a region named by its heading, its contents stacked below. */
export function SettingsSection({ title, gap, children }: SettingsSectionProps) {
  const id = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap={gap}>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
