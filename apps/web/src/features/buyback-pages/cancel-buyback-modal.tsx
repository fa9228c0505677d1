import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { BUYBACK_COMMENT_MAX, CANCEL_REASONS, type CancelReason } from '@reprise/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { translateViolation } from '../../ui/forms';
import { useCancelBuyback } from '../buybacks';

interface CancelBuybackModalProps {
  buybackId: string;
  opened: boolean;
  onClose: () => void;
  onCancelled: () => void;
}

/**
 * Cancels a buyback: a reason, a comment, the acknowledgement that it cannot be undone. When the
 * payment cannot be cancelled (409 payment_not_cancellable) the seller is told and may force it.
 */
export function CancelBuybackModal({ buybackId, opened, onClose, onCancelled }: CancelBuybackModalProps) {
  const { t } = useTranslation('buybacks');
  const cancel = useCancelBuyback();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [comment, setComment] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [paymentBlocked, setPaymentBlocked] = useState(false);

  const close = () => {
    setReason(null);
    setComment('');
    setAcknowledged(false);
    setAttempted(false);
    setPaymentBlocked(false);
    cancel.reset();
    onClose();
  };

  const send = (force: boolean) => {
    setAttempted(true);
    if (!reason || !acknowledged || comment.length > BUYBACK_COMMENT_MAX) return;
    cancel.mutate(
      { id: buybackId, body: { reason, comment: comment.trim() || null, force } },
      {
        onSuccess: () => {
          close();
          onCancelled();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'payment_not_cancellable') setPaymentBlocked(true);
          else reportError(error);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('cancel.title')} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(false);
        }}
      >
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {t('cancel.irreversible')}
          </Alert>
          <Radio.Group
            label={t('cancel.reason')}
            required
            value={reason}
            onChange={(value) => setReason(value as CancelReason)}
            error={attempted && !reason ? translateViolation('required') : null}
          >
            <Stack gap="xs" mt="xs">
              {CANCEL_REASONS.map((value) => (
                <Radio key={value} value={value} label={t(`cancel.reasons.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('cancel.comment')}
            description={t('cancel.commentHelp', { max: BUYBACK_COMMENT_MAX })}
            autosize
            minRows={2}
            maxLength={BUYBACK_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Checkbox
            label={t('cancel.acknowledge')}
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.currentTarget.checked)}
            error={attempted && !acknowledged ? translateViolation('required') : null}
          />
          {paymentBlocked && (
            <Alert
              color="orange"
              icon={<IconAlertTriangle aria-hidden />}
              title={t('cancel.paymentBlockedTitle')}
              role="alert"
              data-testid="payment-not-cancellable"
            >
              <Stack gap="sm" align="flex-start">
                {t('cancel.paymentBlocked')}
                <Button color="orange" onClick={() => send(true)} loading={cancel.isPending}>
                  {t('cancel.force')}
                </Button>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('cancel.keep')}
            </Button>
            {!paymentBlocked && (
              <Button type="submit" color="red" loading={cancel.isPending}>
                {t('cancel.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
