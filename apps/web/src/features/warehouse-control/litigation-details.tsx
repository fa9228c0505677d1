import { Anchor, Badge, Group, Image, type MantineColor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { LitigationResponse, LitigationStatus } from '@reprise/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { Facts } from '../../ui/facts';
import { formatMoney } from '../../ui/format';

const STATUS_COLORS: Record<LitigationStatus, MantineColor> = {
  open: 'orange',
  accepted: 'green',
  rejected: 'gray',
};

function LitigationStatusBadge({ status }: { status: LitigationStatus }) {
  const { t } = useTranslation('warehouseControl');
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      data-testid="litigation-status"
    >
      {t(`litigation.status.${status}`)}
    </Badge>
  );
}

/** Proof photos as thumbnails, each opening the full image. */
function PhotoGrid({ photos, alt }: { photos: { key: string; url: string }[]; alt: string }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
      {photos.map((photo, index) => (
        <Anchor key={photo.key} href={photo.url} target="_blank" rel="noreferrer">
          <Image src={photo.url} alt={`${alt} ${index + 1}`} h={80} fit="cover" radius="sm" />
        </Anchor>
      ))}
    </SimpleGrid>
  );
}

/** A counter-offer: its status, the proposal, its photos and the mails sent to the customer. */
export function LitigationDetails({ litigation }: { litigation: LitigationResponse }) {
  const { t } = useTranslation('warehouseControl');
  const { locale, dateTime } = useFormatters();
  const money = (cents: number) => formatMoney(cents, litigation.currency, locale);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <LitigationStatusBadge status={litigation.status} />
        {litigation.status === 'open' && (
          <Text size="sm" c="dimmed">
            {t('litigation.awaiting')}
          </Text>
        )}
      </Group>
      <Facts
        rows={[
          [t('litigation.declaredPrice'), money(litigation.declaredPriceCents)],
          [
            t('litigation.proposedPrice'),
            <Text key="p" fw={700} size="sm" span data-testid="litigation-proposed">
              {money(litigation.proposedPriceCents)}
            </Text>,
          ],
          [
            t('litigation.reason'),
            <span key="r" style={{ whiteSpace: 'pre-line' }}>
              {litigation.reason}
            </span>,
          ],
          [
            t('litigation.createdAt'),
            `${dateTime(litigation.createdAt)}${litigation.createdBy ? ` · ${litigation.createdBy.name}` : ''}`,
          ],
          [
            t('litigation.mailsSent'),
            litigation.customerHasEmail
              ? `${litigation.mailsSent}${litigation.lastMailAt ? ` · ${t('litigation.lastMail', { at: dateTime(litigation.lastMailAt) })}` : ''}`
              : t('litigation.noEmail'),
          ],
          ...(litigation.reminderSentAt
            ? ([[t('litigation.reminderSentAt'), dateTime(litigation.reminderSentAt)]] as [
                string,
                ReactNode,
              ][])
            : []),
          ...(litigation.resolvedAt
            ? ([[t(`litigation.resolvedAt.${litigation.status}`), dateTime(litigation.resolvedAt)]] as [
                string,
                ReactNode,
              ][])
            : []),
        ]}
      />
      {litigation.photos.length > 0 && <PhotoGrid photos={litigation.photos} alt={t('litigation.photo')} />}
    </Stack>
  );
}
