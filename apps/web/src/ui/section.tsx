import { Card, Title } from '@mantine/core';
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
