import { Badge, Button, Card, ColorInput, Group, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DEFAULT_MAIN_COLOR, UpdateDesignRequest } from '@reprise/shared';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeHexColor } from '../../app/color';
import { setMainColor } from '../../app/theme';
import { translateViolation } from '../../ui/forms';
import { useUpdateDesign } from './design.queries';

const SWATCHES = [
  DEFAULT_MAIN_COLOR,
  '#1c7ed6',
  '#7048e8',
  '#e64980',
  '#e8590c',
  '#f59f00',
  '#0ca678',
  '#212529',
];

interface MainColorCardProps {
  accountId: string;
  /** The colour the account has saved. */
  saved: string;
}

/** A few themed components to judge the colour on. */
function ColorPreview() {
  const { t } = useTranslation('design');
  return (
    <Group gap="sm" aria-hidden>
      <Button size="xs" tabIndex={-1}>
        {t('color.sample.button')}
      </Button>
      <Badge color="brand" autoContrast>
        {t('color.sample.badge')}
      </Badge>
      <Switch checked readOnly tabIndex={-1} />
      <Progress value={66} w={120} />
    </Group>
  );
}

/** The account's main colour: previewed on the whole app while chosen, applied for everyone once saved. */
export function MainColorCard({ accountId, saved }: MainColorCardProps) {
  const { t } = useTranslation('design');
  const titleId = useId();
  const [value, setValue] = useState(saved);
  const update = useUpdateDesign(accountId);
  const valid = UpdateDesignRequest.safeParse({ mainColor: value }).success;
  const changed = valid && normalizeHexColor(value) !== normalizeHexColor(saved);
  const preview = useDebouncedCallback((color: string) => setMainColor(color), 120);

  // Leaving the screen without saving puts the saved colour back.
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => () => setMainColor(savedRef.current), []);

  const change = (color: string) => {
    setValue(color);
    if (UpdateDesignRequest.safeParse({ mainColor: color }).success) preview(color);
  };

  const save = () =>
    update.mutate(
      { mainColor: normalizeHexColor(value) },
      { onSuccess: () => notifications.show({ color: 'green', message: t('color.saved') }) },
    );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t('color.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('color.help')}
          </Text>
        </div>
        <ColorInput
          label={t('color.label')}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={8}
          value={value}
          onChange={change}
          error={valid ? undefined : translateViolation('invalid_color')}
          maw={320}
          eyeDropperButtonProps={{ 'aria-label': t('color.eyeDropper') }}
        />
        <Text size="sm" fw={500}>
          {t('color.preview')}
        </Text>
        <ColorPreview />
        <Group gap="xs" mt="xs">
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={save}
            disabled={!changed}
            loading={update.isPending}
          >
            {t('color.save')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRestore size={16} aria-hidden />}
            onClick={() => change(DEFAULT_MAIN_COLOR)}
            disabled={normalizeHexColor(value) === DEFAULT_MAIN_COLOR}
          >
            {t('color.reset')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
