import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  formatVerificationCode,
  type ItemRefurbStepAction,
  type ItemRefurbStepResponse,
  REFURB_COMMENT_MAX,
} from '@reprise/shared';
import {
  IconAlertTriangle,
  IconCheck,
  IconDownload,
  IconListCheck,
  IconPlayerPause,
  IconPlayerPlay,
  IconSearch,
  IconTool,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { reportError, translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { Facts } from '../../ui/facts';
import { PageLoader } from '../../ui/page-loader';
import { stockLabel } from '../warehouse-checkin';
import { CancelModal } from './cancel-modal';
import { downloadErasureCertificate, useItemRefurbStep } from './item-refurb-steps.queries';
import { RefusalAlert } from './refusal-alert';
import { actionLabelKey, actionsFrom, StepStatusBadge } from './step-status';
import { useStepActions } from './use-step-actions';

const SEARCH = '/warehouse/item-refurb-steps/search';

const ACTION_LOOK: Record<ItemRefurbStepAction, { color: string; variant: string; icon: typeof IconCheck }> =
  {
    start: { color: 'blue', variant: 'filled', icon: IconPlayerPlay },
    pause: { color: 'yellow', variant: 'light', icon: IconPlayerPause },
    validate: { color: 'green', variant: 'filled', icon: IconCheck },
    cancel: { color: 'red', variant: 'outline', icon: IconX },
  };

/**
 * `/item-refurb-steps/:itemRefurbStepId`: one service of an item,
 * its status and the actions allowed from it — start or resume, pause, cancel (a modal asks the
 * reason), validate — each sent with the version the page shows (`If-Match`). When another user
 * acted meanwhile the page says so in an alert, shows the service as it now is and keeps what the
 * user typed. A validated data erasure offers its certificate.
 */
export function ServicePage() {
  const { t } = useTranslation(['itemRefurbSteps', 'warehouseCheckin']);
  const { itemRefurbStepId = '' } = useParams();
  const query = useItemRefurbStep(itemRefurbStepId);
  const step = query.data;
  usePageHeader({
    title: step?.name ?? t('step.title'),
    icon: IconTool,
    breadcrumbs: [
      { label: t('search.title'), to: SEARCH },
      ...(step ? [{ label: t('step.services'), to: `/items/${step.itemId}/item-refurb-steps` }] : []),
      { label: step?.name ?? t('step.title') },
    ],
  });

  if (query.isError)
    return (
      <Stack gap="md" maw={880}>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {translateErrorCode(query.error instanceof ApiError ? query.error.code : 'network_error')}
        </Alert>
        <Group>
          <Button component={Link} to={SEARCH} leftSection={<IconSearch size={18} aria-hidden />}>
            {t('search.next')}
          </Button>
        </Group>
      </Stack>
    );
  if (!step) return <PageLoader />;
  return <Service step={step} refreshing={query.isFetching} />;
}

function Service({ step, refreshing }: { step: ItemRefurbStepResponse; refreshing: boolean }) {
  const { t } = useTranslation(['itemRefurbSteps', 'warehouseCheckin']);
  const { money, dateTime, locale } = useFormatters();
  const actions = useStepActions();
  const [comment, setComment] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const allowed = actionsFrom(step.status);
  const pending = actions.pending?.action;

  const run = (action: ItemRefurbStepAction) =>
    actions.run({ step, action, comment, status: step.status }, () => {
      setComment('');
      setCancelling(false);
    });

  const download = async (certificateId: string) => {
    setDownloading(true);
    try {
      await downloadErasureCertificate(certificateId, locale);
    } catch (error) {
      reportError(error);
    } finally {
      setDownloading(false);
    }
  };

  const rows: [string, ReactNode][] = [
    [t('step.status'), <StepStatusBadge key="s" status={step.status} />],
    [t('step.kind'), t(`kind.${step.kind}`)],
    [t('step.cost'), money(step.costCents)],
    [t('step.stock'), stockLabel(t, step.stock)],
    [t('step.user'), step.user?.name ?? '—'],
    [t('step.updatedAt'), step.user ? dateTime(step.updatedAt) : '—'],
    [t('step.startedAt'), step.startedAt ? dateTime(step.startedAt) : '—'],
    [t('step.completedAt'), step.completedAt ? dateTime(step.completedAt) : '—'],
    [t('step.comment'), step.comment ?? '—'],
    ...(step.cancelReason ? [[t('step.cancelReason'), step.cancelReason] as [string, ReactNode]] : []),
  ];

  return (
    <Stack gap="md" maw={880}>
      <RefusalAlert refusal={actions.refusal} onClose={actions.clearRefusal} />

      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="step-title">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} size="h4" id="step-title" style={{ overflowWrap: 'anywhere' }}>
              {step.name}
            </Title>
            <Anchor component={Link} to={`/items/${step.itemId}/item-refurb-steps`} size="sm">
              {t('step.services')}
            </Anchor>
          </Group>
          <Facts rows={rows} data-testid="step-details" data-version={step.version} aria-busy={refreshing} />
          {step.certificate && (
            <Group gap="sm" wrap="wrap">
              <Button
                variant="light"
                leftSection={<IconDownload size={18} aria-hidden />}
                loading={downloading}
                onClick={() => void download(step.certificate?.id as string)}
                data-testid="download-certificate"
              >
                {t('step.downloadCertificate')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('step.verificationCode')}{' '}
                <Text span ff="monospace" data-testid="verification-code">
                  {formatVerificationCode(step.certificate.verificationCode)}
                </Text>
              </Text>
            </Group>
          )}
        </Stack>
      </Card>

      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="step-actions-title">
        <Stack gap="sm">
          <Title order={2} size="h5" id="step-actions-title">
            {t('step.actions')}
          </Title>
          {allowed.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="step-no-action">
              {t('step.noAction')}
            </Text>
          ) : (
            <>
              <Textarea
                label={t('step.yourComment')}
                description={t('commentCounter', { count: comment.length, max: REFURB_COMMENT_MAX })}
                autosize
                minRows={2}
                maxLength={REFURB_COMMENT_MAX}
                value={comment}
                onChange={(event) => setComment(event.currentTarget.value)}
                data-testid="step-comment"
              />
              <Group gap="sm" wrap="wrap">
                {allowed.map((action) => {
                  const look = ACTION_LOOK[action];
                  const Icon = look.icon;
                  return (
                    <Button
                      key={action}
                      color={look.color}
                      variant={look.variant}
                      leftSection={<Icon size={18} aria-hidden />}
                      loading={pending === action}
                      disabled={Boolean(pending) && pending !== action}
                      onClick={() => (action === 'cancel' ? setCancelling(true) : run(action))}
                      data-testid={`step-${action}`}
                    >
                      {t(actionLabelKey(action, step.status))}
                    </Button>
                  );
                })}
              </Group>
            </>
          )}
          <Group>
            <Button
              component={Link}
              to={`/items/${step.itemId}/item-refurb-steps`}
              variant="subtle"
              leftSection={<IconListCheck size={18} aria-hidden />}
            >
              {t('step.back')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <CancelModal
        opened={cancelling}
        name={step.name}
        comment={comment}
        onComment={setComment}
        onClose={() => setCancelling(false)}
        onConfirm={() => {
          // the answer, accepted or refused, is said on the page
          actions.run({ step, action: 'cancel', comment, status: step.status }, () => setComment(''));
          setCancelling(false);
        }}
        pending={pending === 'cancel'}
      />
    </Stack>
  );
}
