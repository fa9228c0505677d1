import {
  Alert,
  Button,
  Card,
  CloseButton,
  FileButton,
  Group,
  Image,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CONTROL_TEXT_MAX,
  COUNTER_OFFER_PHOTOS_MAX,
  type CompleteControlResponse,
  type ControlEstimateResponse,
  type ControlPhotoResponse,
  type ControlSpecificationResponse,
  type DiagnosticAnswerInput,
} from '@reprise/shared';
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconLock, IconPhotoPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../ui/format';
import { PageLoader } from '../../ui/page-loader';
import { useCompleteControl, useControlEstimate, useUploadControlPhoto } from './warehouse-control.queries';

type FieldErrors = Partial<Record<'comment' | 'reason' | 'photos' | 'imei' | 'form', string>>;

const OUTCOME_COLORS = { by_price: 'green', absorption: 'blue', counter_offer: 'orange' } as const;

/** What the estimate says the control leads to, in words and amounts. */
function Outcome({ estimate, currency }: { estimate: ControlEstimateResponse; currency: string }) {
  const { t } = useTranslation('warehouseControl');
  const { locale } = useFormatters();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const text: Record<ControlEstimateResponse['outcome'], string> = {
    by_price: t('summary.outcome.byPriceText', { price: money(estimate.validatedPriceCents) }),
    absorption: t('summary.outcome.absorptionText', {
      price: money(estimate.validatedPriceCents),
      absorbed: money(estimate.absorbedCents),
      allowance: money(estimate.absorptionAllowanceCents ?? 0),
    }),
    counter_offer: t('summary.outcome.counterOfferText', {
      proposed: money(estimate.controlledPriceCents),
      declared: money(estimate.declaredPriceCents),
    }),
  };
  return (
    <Alert
      color={OUTCOME_COLORS[estimate.outcome]}
      title={t(`summary.outcome.${estimate.outcome}`)}
      data-testid="control-outcome"
      data-outcome={estimate.outcome}
    >
      {text[estimate.outcome]}
    </Alert>
  );
}

/** The counter-offer's proof photos: uploaded one by one (JPG or PNG), shown, removable. */
function PhotoField({
  itemId,
  photos,
  onChange,
  error,
}: {
  itemId: string;
  photos: ControlPhotoResponse[];
  onChange: (photos: ControlPhotoResponse[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('warehouseControl');
  const upload = useUploadControlPhoto(itemId);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const errorId = useId();
  const add = async (files: File[]) => {
    setUploadError(null);
    let next = photos;
    for (const file of files.slice(0, COUNTER_OFFER_PHOTOS_MAX - photos.length)) {
      try {
        next = [...next, await upload.mutateAsync(file)];
        onChange(next);
      } catch (e) {
        setUploadError(
          `${file.name}: ${e instanceof ApiError ? translateErrorCode(e.code) : translateErrorCode('unknown')}`,
        );
      }
    }
  };
  const shown = error ?? uploadError;
  return (
    <Input.Wrapper
      label={t('summary.photos')}
      description={t('summary.photosHelp', { max: COUNTER_OFFER_PHOTOS_MAX })}
      required
      error={shown}
      errorProps={{ id: errorId }}
    >
      <Stack gap="xs" mt={4}>
        {photos.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" data-testid="photo-previews">
            {photos.map((photo, index) => (
              <div key={photo.key} style={{ position: 'relative' }}>
                <Image
                  src={photo.url}
                  alt={t('summary.photoAlt', { number: index + 1 })}
                  h={80}
                  fit="cover"
                  radius="sm"
                />
                <CloseButton
                  size="sm"
                  variant="filled"
                  style={{ position: 'absolute', top: 4, right: 4 }}
                  aria-label={t('summary.removePhoto', { number: index + 1 })}
                  onClick={() => onChange(photos.filter((p) => p.key !== photo.key))}
                />
              </div>
            ))}
          </SimpleGrid>
        )}
        {photos.length < COUNTER_OFFER_PHOTOS_MAX && (
          <FileButton onChange={(files) => void add(files)} accept="image/png,image/jpeg" multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhotoPlus size={18} aria-hidden />}
                loading={upload.isPending}
                aria-describedby={shown ? errorId : undefined}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('summary.addPhotos')}
              </Button>
            )}
          </FileButton>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * Step 3: declared against controlled (state and price), the outcome, the comment (required when
 * the retailer says so, shown to the customer when it shares it), and for a counter-offer its
 * reason and photos; then the control is completed (or the item put in quarantine).
 */
export function StepSummary({
  spec,
  answers,
  onBack,
  onQuarantine,
  onDone,
}: {
  spec: ControlSpecificationResponse;
  answers: DiagnosticAnswerInput[];
  onBack: () => void;
  onQuarantine: () => void;
  onDone: (done: CompleteControlResponse) => void;
}) {
  const { t } = useTranslation(['warehouseControl', 'catalog']);
  const { locale } = useFormatters();
  const { item } = spec;
  const estimate = useControlEstimate(item.id);
  const complete = useCompleteControl(item.id);
  const [comment, setComment] = useState('');
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<ControlPhotoResponse[]>([]);
  const [imei, setImei] = useState(item.imei ?? '');
  const [serialNumber, setSerialNumber] = useState(item.serialNumber ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const clearError = (field: keyof FieldErrors) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  // biome-ignore lint/correctness/useExhaustiveDependencies: estimated once per visit of the step
  useEffect(() => {
    estimate.mutate(answers);
  }, []);

  if (estimate.isError)
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {estimate.error instanceof ApiError
            ? translateErrorCode(estimate.error.code)
            : translateErrorCode('unknown')}
        </Alert>
        <Group>
          <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
            {t('wizard.back')}
          </Button>
        </Group>
      </Stack>
    );
  if (!estimate.data) return <PageLoader />;
  const result = estimate.data;
  const counterOffer = result.outcome === 'counter_offer';
  const money = (cents: number) => formatMoney(cents, item.buyback.currency, locale);

  const submit = () => {
    const found: FieldErrors = {};
    if (spec.comment.mandatory && !comment.trim())
      found.comment = translateErrorCode('warehouse_comment_required');
    if (counterOffer && !reason.trim()) found.reason = t('summary.reasonRequired');
    if (counterOffer && photos.length === 0) found.photos = translateErrorCode('photo_required');
    setErrors(found);
    if (Object.keys(found).length) return;
    complete.mutate(
      {
        answers,
        comment: comment.trim() || null,
        imei: imei.trim() || null,
        serialNumber: serialNumber.trim() || null,
        counterOffer: counterOffer ? { reason: reason.trim(), photoKeys: photos.map((p) => p.key) } : null,
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            setErrors({ form: translateErrorCode('unknown') });
            return;
          }
          const paths = (error.problem.violations ?? []).map((v) => v.propertyPath);
          const message = translateErrorCode(error.code);
          if (paths.includes('comment')) setErrors({ comment: message });
          else if (paths.some((p) => p.startsWith('counterOffer.photoKeys'))) setErrors({ photos: message });
          else if (paths.includes('imei')) setErrors({ imei: message });
          else setErrors({ form: message });
        },
      },
    );
  };

  const rows: [string, ReactNode, ReactNode][] = [
    [
      t('summary.state'),
      t(`catalog:grade.${result.declaredState}`),
      t(`catalog:grade.${result.controlledState}`),
    ],
    [
      t('summary.price'),
      money(result.declaredPriceCents),
      <Text key="c" fw={700} size="sm" span data-testid="controlled-price">
        {money(result.controlledPriceCents)}
      </Text>,
    ],
  ];

  return (
    <Stack gap="md" maw={860}>
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h5" mb="xs">
          {t('summary.comparison')}
        </Title>
        <Table layout="fixed" verticalSpacing={6} data-testid="control-comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" />
              <Table.Th scope="col">{t('summary.declared')}</Table.Th>
              <Table.Th scope="col">{t('summary.controlled')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, declared, controlled]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{declared}</Table.Td>
                <Table.Td>{controlled}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Outcome estimate={result} currency={item.buyback.currency} />
      <Card withBorder padding="md" radius="md">
        <Stack gap="md">
          <Group grow align="flex-start" gap="sm">
            {spec.isCollectingImei && (
              <TextInput
                label={t('summary.imei')}
                value={imei}
                onChange={(event) => setImei(event.currentTarget.value)}
                error={errors.imei}
                inputMode="numeric"
                autoComplete="off"
                maxLength={17}
                ff="monospace"
              />
            )}
            <TextInput
              label={t('summary.serialNumber')}
              value={serialNumber}
              onChange={(event) => setSerialNumber(event.currentTarget.value)}
              autoComplete="off"
              maxLength={64}
              ff="monospace"
            />
          </Group>
          <Textarea
            label={t('summary.comment')}
            description={
              spec.comment.sharedWithClient ? t('summary.commentShared') : t('summary.commentInternal')
            }
            required={spec.comment.mandatory}
            autosize
            minRows={2}
            maxLength={CONTROL_TEXT_MAX}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              clearError('comment');
            }}
            error={errors.comment}
            data-testid="control-comment"
          />
          {counterOffer && (
            <>
              <Textarea
                label={t('summary.reason')}
                description={t('summary.reasonHelp')}
                required
                autosize
                minRows={2}
                maxLength={CONTROL_TEXT_MAX}
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  clearError('reason');
                }}
                error={errors.reason}
                data-testid="counter-offer-reason"
              />
              <PhotoField
                itemId={item.id}
                photos={photos}
                onChange={(next) => {
                  setPhotos(next);
                  clearError('photos');
                }}
                error={errors.photos}
              />
            </>
          )}
          {errors.form && (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {errors.form}
            </Alert>
          )}
        </Stack>
      </Card>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
            {t('wizard.back')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLock size={18} aria-hidden />}
            onClick={onQuarantine}
          >
            {t('quarantine.open')}
          </Button>
        </Group>
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          loading={complete.isPending}
          onClick={submit}
        >
          {counterOffer ? t('summary.sendCounterOffer') : t('summary.complete')}
        </Button>
      </Group>
    </Stack>
  );
}
