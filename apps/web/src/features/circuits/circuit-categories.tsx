import { ActionIcon, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { CircuitResponse } from '@reprise/shared';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategorySelect, useCategoryTree } from '../catalog';
import { useCategoryLink } from './circuits.queries';

/**
 * The categories the circuit serves (through its dispatch circuit rule): a link serves the category
 * and every category below it.
 */
export function CircuitCategories({ circuit, readOnly }: { circuit: CircuitResponse; readOnly: boolean }) {
  const { t } = useTranslation('circuits');
  const tree = useCategoryTree();
  const link = useCategoryLink(circuit.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const linked = new Set(circuit.categories.map((c) => c.id));
  return (
    <Card withBorder padding="md" maw={1100}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('categories.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('categories.help')}
        </Text>
        {circuit.categories.length === 0 ? (
          <Text size="sm">{t('categories.none')}</Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {circuit.categories.map((category) => (
              <Group key={category.id} component="li" justify="space-between" wrap="nowrap">
                <Text size="sm">{category.label}</Text>
                {!readOnly && (
                  <Tooltip label={t('categories.unlink', { name: category.label })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('categories.unlink', { name: category.label })}
                      loading={link.isPending && link.variables?.categoryId === category.id}
                      onClick={() => link.mutate({ categoryId: category.id, linked: false })}
                    >
                      <IconUnlink size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {!readOnly && (
          <Group align="flex-end" wrap="wrap">
            <CategorySelect
              style={{ flex: 1, minWidth: 220 }}
              label={t('categories.choose')}
              tree={tree.data ?? []}
              exclude={linked}
              accountId={circuit.accountId}
              value={chosen}
              onChange={setChosen}
              clearable
            />
            <Button
              leftSection={<IconLink size={16} aria-hidden />}
              disabled={!chosen}
              loading={link.isPending && link.variables?.linked === true}
              onClick={() => {
                if (!chosen) return;
                link.mutate({ categoryId: chosen, linked: true }, { onSuccess: () => setChosen(null) });
              }}
            >
              {t('categories.link')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
