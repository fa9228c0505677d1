import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  checkTransferOrderTerms,
  TRANSFER_ORDER_TERMS_MAX,
  TRANSFER_ORDER_TERMS_MIN,
  TRANSFER_ORDER_VARIABLES,
  type TransferOrderVariable,
} from '@reprise/shared';
import { IconAlertTriangle, IconCircleCheck, IconCrown, IconFileText, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { ApiError } from '../../lib/api';
import { PageLoader } from '../../ui/page-loader';
import { useSaveTransferOrderSettings, useTransferOrderSettings } from './transfer-order.queries';

function PremiumBadge() {
  const { t } = useTranslation('settings');
  return (
    <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} aria-hidden />}>
      {t('premium')}
    </Badge>
  );
}

/** Inserts `{{variable}}` where the caret is (or replaces the selection), then puts the caret after it. */
function insertAt(
  textarea: HTMLTextAreaElement | null,
  text: string,
  variable: string,
): { text: string; caret: number } {
  const token = `{{${variable}}}`;
  const start = textarea?.selectionStart ?? text.length;
  const end = textarea?.selectionEnd ?? text.length;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}

function TermsEditor({ initialTerms }: { initialTerms: string }) {
  const { t } = useTranslation('settings');
  const save = useSaveTransferOrderSettings();
  const [terms, setTerms] = useState(initialTerms);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { unknown, malformed } = checkTransferOrderTerms(terms);
  const length = terms.trim().length;
  const lengthError =
    length < TRANSFER_ORDER_TERMS_MIN
      ? t('errors:too_short')
      : length > TRANSFER_ORDER_TERMS_MAX
        ? t('errors:too_long')
        : null;

  const insert = (variable: TransferOrderVariable) => {
    const next = insertAt(textarea.current, terms, variable);
    setTerms(next.text);
    setSaved(false);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = () => {
    setSaved(false);
    if (lengthError || unknown.length || malformed) {
      setError(
        lengthError ??
          (unknown.length
            ? t('errors:transfer_order_unknown_variable')
            : t('errors:transfer_order_malformed_variable')),
      );
      textarea.current?.focus();
      return;
    }
    setError(null);
    save.mutate(terms, {
      onSuccess: () => setSaved(true),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 422) setError(translateErrorCode(failure.code));
        else reportError(failure);
      },
    });
  };

  return (
    <Stack gap="md">
      {saved && (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          withCloseButton
          onClose={() => setSaved(false)}
        >
          {t('transferOrder.saved')}
        </Alert>
      )}
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap="xs" style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Textarea
            ref={textarea}
            label={t('transferOrder.terms')}
            description={t('transferOrder.count', { count: length, max: TRANSFER_ORDER_TERMS_MAX })}
            required
            autosize
            minRows={10}
            maxRows={30}
            value={terms}
            error={error}
            onChange={(event) => {
              setTerms(event.currentTarget.value);
              setError(null);
              setSaved(false);
            }}
          />
          {unknown.length > 0 && (
            <Alert
              color="red"
              icon={<IconAlertTriangle aria-hidden />}
              title={t('transferOrder.refused')}
              role="alert"
            >
              <List size="sm">
                {unknown.map((name) => (
                  <List.Item key={name}>
                    <code>{`{{${name}}}`}</code>
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {malformed && (
            <Text size="sm" c="red" role="alert">
              {t('errors:transfer_order_malformed_variable')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.isPending}>
              {t('transferOrder.save')}
            </Button>
          </Group>
        </Stack>
        <Card
          withBorder
          padding="sm"
          style={{ flex: '0 1 280px' }}
          component="section"
          aria-labelledby="transfer-order-variables"
        >
          <Title order={2} size="h5" id="transfer-order-variables" mb={4}>
            {t('transferOrder.variables')}
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            {t('transferOrder.variablesHelp')}
          </Text>
          <Stack gap={4}>
            {TRANSFER_ORDER_VARIABLES.map((variable) => (
              <Button
                key={variable}
                variant="subtle"
                size="sm"
                justify="flex-start"
                h="auto"
                py={4}
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => insert(variable)}
              >
                <VisuallyHidden>{t('transferOrder.insertAction')} </VisuallyHidden>
                <Stack gap={0} align="flex-start">
                  <Text size="sm">{t(`variable.${variable}`)}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">{`{{${variable}}}`}</Text>
                </Stack>
              </Button>
            ))}
          </Stack>
        </Card>
      </Group>
    </Stack>
  );
}

/** `/settings/transfer-order`: the account's custom transfer-order terms (premium custom_transfer_order). */
export function TransferOrderPage() {
  const { t } = useTranslation('settings');
  const settings = useTransferOrderSettings();
  usePageHeader({
    title: t('transferOrder.title'),
    icon: IconFileText,
    breadcrumbs: [{ label: t('breadcrumb.settings') }, { label: t('transferOrder.title') }],
  });
  const premiumMissing =
    settings.error instanceof ApiError && settings.error.code === 'premium_feature_required';
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {t('transferOrder.intro')}
          </Text>
          <PremiumBadge />
        </Group>
        {premiumMissing ? (
          <Alert color="yellow" icon={<IconCrown aria-hidden />} title={t('transferOrder.premiumTitle')}>
            {t('transferOrder.premiumText')}
          </Alert>
        ) : settings.error ? (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
            {settings.error instanceof ApiError
              ? translateErrorCode(settings.error.code)
              : t('errors:unknown')}
          </Alert>
        ) : settings.data ? (
          <TermsEditor initialTerms={settings.data.terms ?? ''} />
        ) : (
          <PageLoader />
        )}
      </Stack>
    </Card>
  );
}
