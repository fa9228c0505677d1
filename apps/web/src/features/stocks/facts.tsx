import { Card, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled card of the item page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h5" mb="xs" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
