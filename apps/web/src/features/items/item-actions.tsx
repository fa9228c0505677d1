import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { BUYBACK_COMMENT_MAX, type BuybackResponse, type ItemLossPlace } from '@reprise/shared';
import {
  IconArrowBackUp,
  IconBuildingWarehouse,
  IconFileDownload,
  IconMailForward,
  IconPackageExport,
  IconTruckOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showError } from '../../app/errors';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { translateViolation } from '../../ui/forms';
import {
  downloadReturnLabel,
  useMarkItemLost,
  useMarkReturned,
  useRevertLoss,
  useSendQuarantineMail,
} from './item.queries';

type ItemRef = { id: string; identificationNumber: string };

/** Declares the item lost in transport or in the warehouse, after a confirmation, with an optional comment. */
function ItemLossModal({
  item,
  place,
  opened,
  onClose,
}: {
  item: ItemRef;
  place: ItemLossPlace;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('buybacks');
  const markLost = useMarkItemLost();
  const [comment, setComment] = useState('');
  const close = () => {
    setComment('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t(`itemActions.lost.${place}.title`)} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          markLost.mutate(
            { id: item.id, body: { place, comment: comment.trim() || null } },
            {
              onSuccess: () => {
                close();
                notifications.show({ color: 'green', message: t(`itemActions.lost.${place}.done`) });
              },
              onError: (error) => reportError(error),
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t(`itemActions.lost.${place}.confirm`)}</Text>
          <Textarea
            label={t('itemActions.comment')}
            autosize
            minRows={2}
            maxLength={BUYBACK_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            data-testid="item-lost-comment"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('itemActions.keep')}
            </Button>
            <Button type="submit" color="orange" loading={markLost.isPending} data-testid="item-lost-submit">
              {t('itemActions.lost.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** An admin undoes the item's loss; the reason is required and recorded in the item's history. */
function RevertLossModal({ item, opened, onClose }: { item: ItemRef; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('buybacks');
  const revert = useRevertLoss();
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const close = () => {
    setReason('');
    setAttempted(false);
    onClose();
  };
  const missing = reason.trim() === '';
  return (
    <Modal opened={opened} onClose={close} title={t('itemActions.revert.title')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          if (missing) return;
          revert.mutate(
            { id: item.id, body: { reason: reason.trim() } },
            {
              onSuccess: () => {
                close();
                notifications.show({ color: 'green', message: t('itemActions.revert.done') });
              },
              onError: (error) => reportError(error),
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('itemActions.revert.help')}</Text>
          <Textarea
            label={t('itemActions.revert.reason')}
            required
            autosize
            minRows={2}
            maxLength={BUYBACK_COMMENT_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={attempted && missing ? translateViolation('required') : null}
            data-testid="revert-loss-reason"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('itemActions.keep')}
            </Button>
            <Button type="submit" loading={revert.isPending} data-testid="revert-loss-submit">
              {t('itemActions.revert.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Confirms that the product went back to its customer (to return → returned). */
function ReturnedModal({ item, opened, onClose }: { item: ItemRef; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('buybacks');
  const returned = useMarkReturned();
  return (
    <Modal opened={opened} onClose={onClose} title={t('itemActions.returned.title')} centered>
      <Stack gap="md">
        <Text size="sm">{t('itemActions.returned.confirm')}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('itemActions.keep')}
          </Button>
          <Button
            loading={returned.isPending}
            onClick={() =>
              returned.mutate(
                { id: item.id, body: {} },
                {
                  onSuccess: () => {
                    onClose();
                    notifications.show({ color: 'green', message: t('itemActions.returned.done') });
                  },
                  onError: (error) => reportError(error),
                },
              )
            }
            data-testid="returned-submit"
          >
            {t('itemActions.returned.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The return label's download, saying in words when there is none. */
export function useReturnLabelDownload() {
  const { t } = useTranslation('buybacks');
  const { locale } = useFormatters();
  const [pending, setPending] = useState<string | null>(null);
  const download = async (item: ItemRef) => {
    setPending(item.id);
    try {
      await downloadReturnLabel(item, locale);
    } catch (error) {
      // 410: the carrier made no return label (docs/transport.md)
      if (error instanceof ApiError && (error.status === 404 || error.status === 410))
        showError({
          code: error.code,
          message: t('itemActions.returnLabelUnavailable'),
          hideGenericMessage: true,
        });
      // 425 after the last check: the carrier is still making it
      else if (error instanceof ApiError && error.status === 425)
        showError({
          code: error.code,
          message: t('itemActions.returnLabelNotReady'),
          hideGenericMessage: true,
        });
      else reportError(error);
    } finally {
      setPending(null);
    }
  };
  return { download, pending };
}

/** Sends the quarantine mail again and says to whom. */
export function useQuarantineMailSender() {
  const { t } = useTranslation('buybacks');
  const send = useSendQuarantineMail();
  return {
    pending: send.isPending ? send.variables : null,
    send: (itemId: string) =>
      send.mutate(itemId, {
        onSuccess: ({ to }) =>
          notifications.show({ color: 'green', message: t('itemActions.mailSent', { to }) }),
        onError: (error) => reportError(error),
      }),
  };
}

/**
 * The buttons of the buyback's item (quarantine and loss) that its `allowedActions` and the
 * user's permissions allow: lost in transport or in the warehouse, undo a loss (admins), the
 * quarantine mail, the return label, returned.
 */
export function ItemActions({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation('buybacks');
  const { can } = useSession();
  const actions = buyback.allowedActions;
  const item = buyback.item;
  const [lostPlace, setLostPlace] = useState<ItemLossPlace | null>(null);
  const [revertOpened, revertModal] = useDisclosure(false);
  const [returnedOpened, returnedModal] = useDisclosure(false);
  const label = useReturnLabelDownload();
  const mail = useQuarantineMailSender();
  const show = {
    transport: actions.markLostTransport && can('item.mark_lost_transport'),
    warehouse: actions.markLostWarehouse && can('item.mark_lost_warehouse'),
    revert: actions.revertLoss && can('item.revert_loss'),
    mail: actions.sendQuarantineMail && can('quarantine.send_mail'),
    label: actions.downloadReturnLabel,
    returned: actions.markReturned,
  };
  if (!Object.values(show).some(Boolean)) return null;
  return (
    <Group gap="xs">
      {show.label && (
        <Button
          variant="light"
          leftSection={<IconFileDownload size={18} aria-hidden />}
          loading={label.pending === item.id}
          onClick={() => label.download(item)}
          data-testid="download-return-label"
        >
          {t('itemActions.returnLabel')}
        </Button>
      )}
      {show.mail && (
        <Button
          variant="light"
          leftSection={<IconMailForward size={18} aria-hidden />}
          loading={mail.pending === item.id}
          onClick={() => mail.send(item.id)}
          data-testid="send-quarantine-mail"
        >
          {t('itemActions.sendQuarantineMail')}
        </Button>
      )}
      {show.returned && (
        <Button
          variant="light"
          leftSection={<IconPackageExport size={18} aria-hidden />}
          onClick={returnedModal.open}
          data-testid="mark-returned"
        >
          {t('itemActions.returned.button')}
        </Button>
      )}
      {show.transport && (
        <Button
          variant="light"
          color="orange"
          leftSection={<IconTruckOff size={18} aria-hidden />}
          onClick={() => setLostPlace('transport')}
          data-testid="mark-lost-transport"
        >
          {t('itemActions.lost.transport.button')}
        </Button>
      )}
      {show.warehouse && (
        <Button
          variant="light"
          color="orange"
          leftSection={<IconBuildingWarehouse size={18} aria-hidden />}
          onClick={() => setLostPlace('warehouse')}
          data-testid="mark-lost-warehouse"
        >
          {t('itemActions.lost.warehouse.button')}
        </Button>
      )}
      {show.revert && (
        <Button
          variant="light"
          leftSection={<IconArrowBackUp size={18} aria-hidden />}
          onClick={revertModal.open}
          data-testid="revert-loss"
        >
          {t('itemActions.revert.button')}
        </Button>
      )}
      <ItemLossModal
        item={item}
        place={lostPlace ?? 'warehouse'}
        opened={lostPlace !== null}
        onClose={() => setLostPlace(null)}
      />
      <RevertLossModal item={item} opened={revertOpened} onClose={revertModal.close} />
      <ReturnedModal item={item} opened={returnedOpened} onClose={returnedModal.close} />
    </Group>
  );
}
