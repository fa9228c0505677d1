import { Button, Card, Group, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BuybackResponse } from '@reprise/shared';
import { IconMailForward } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/errors';
import { useSession } from '../../app/session';
import { LitigationDetails } from './litigation-details';
import { useBuybackLitigation, useResendLitigationMail } from './warehouse-control.queries';

/**
 * The buyback detail's counter-offer block ("send litigation e-mail"): the
 * latest counter-offer of the control, and its mail sent again (new links) while it is open.
 */
export function LitigationSection({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation('warehouseControl');
  const { can } = useSession();
  const litigation = useBuybackLitigation(buyback.id);
  const resend = useResendLitigationMail(buyback.id);
  const titleId = useId();
  if (!litigation.data) return null;
  const mayResend =
    buyback.allowedActions.resendLitigationMail &&
    can('quarantine.send_mail') &&
    litigation.data.status === 'open' &&
    litigation.data.customerHasEmail;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h5" id={titleId}>
          {t('litigation.title')}
        </Title>
        {mayResend && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={16} aria-hidden />}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'green', message: t('litigation.resent') }),
                onError: (error) => reportError(error),
              })
            }
          >
            {t('litigation.resend')}
          </Button>
        )}
      </Group>
      <LitigationDetails litigation={litigation.data} />
    </Card>
  );
}
