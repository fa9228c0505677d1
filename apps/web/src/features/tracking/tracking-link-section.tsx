import { Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { BuybackResponse } from '@reprise/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/errors';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { useChangeTrackingLink, useTrackingLink } from './tracking.queries';

/**
 * The buyback detail's tracking link block (docs/tracking.md): the customer's private page, when it
 * expires, and (with `tracking_link.revoke`) its revocation after a confirmation, or a new link once
 * revoked.
 */
export function TrackingLinkSection({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation('tracking');
  const { can } = useSession();
  const { dateTime } = useFormatters();
  const link = useTrackingLink(buyback.id);
  const revoke = useChangeTrackingLink(buyback.id, 'revoke');
  const reissue = useChangeTrackingLink(buyback.id, 'reissue');
  const [confirming, confirm] = useDisclosure(false);
  const titleId = useId();
  if (!link.data) return null;
  const { url, revokedAt, expiresAt } = link.data;
  const mayChange = can('tracking_link.revoke');
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="tracking-link-section"
    >
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h5" id={titleId}>
          {t('title')}
        </Title>
        {mayChange && url && (
          <Button size="xs" variant="light" color="red" onClick={confirm.open} data-testid="tracking-revoke">
            {t('revoke')}
          </Button>
        )}
        {mayChange && !url && revokedAt && (
          <Button
            size="xs"
            variant="light"
            loading={reissue.isPending}
            data-testid="tracking-reissue"
            onClick={() =>
              reissue.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'green', message: t('reissued') }),
                onError: (error) => reportError(error),
              })
            }
          >
            {t('reissue')}
          </Button>
        )}
      </Group>
      <Stack gap={4}>
        {url ? (
          <Anchor
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ wordBreak: 'break-all' }}
            data-testid="tracking-url"
          >
            {url}
          </Anchor>
        ) : (
          <Text size="sm" data-testid="tracking-url-none">
            {revokedAt ? t('revokedAt', { date: dateTime(revokedAt) }) : t('noSite')}
          </Text>
        )}
        {expiresAt && (
          <Text size="sm" c="dimmed">
            {t('expiresAt', { date: dateTime(expiresAt) })}
          </Text>
        )}
      </Stack>
      <Modal opened={confirming} onClose={confirm.close} title={t('confirmTitle')}>
        <Text size="sm">{t('confirmText')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={confirm.close}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={revoke.isPending}
            data-testid="tracking-revoke-confirm"
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: () => {
                  confirm.close();
                  notifications.show({ color: 'green', message: t('revoked') });
                },
                onError: (error) => reportError(error),
              })
            }
          >
            {t('revoke')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
