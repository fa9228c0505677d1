import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  FileButton,
  Group,
  Image,
  List,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CUSTOM_HTML_MAX,
  FEATURED_PRODUCTS_MAX,
  HOME_PAGE_STATUSES,
  HOME_WIDGET_TYPES,
  HOME_WIDGETS_MAX,
  HomePageConfigRequest,
  type HomePageConfigResponse,
  type HomePageStatus,
  type HomeWidgetType,
  IMAGE_MAX_BYTES,
  type ProductSearchResponse,
} from '@reprise/shared';
import {
  IconArrowDown,
  IconArrowUp,
  IconDeviceFloppy,
  IconLayoutDashboard,
  IconPhotoOff,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { ApiError, api } from '../../lib/api';
import { FormErrorSummary } from '../../ui/form-error-summary';
import { handleFormError, zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { SettingsSection } from '../../ui/section';
import { type TranslationValues, translationValues } from '../../ui/translations';
import {
  type TranslatableText,
  TranslationsFieldset,
  useTranslationLabels,
} from '../../ui/translations-fieldset';
import {
  useHomePageConfig,
  useProductNames,
  useSaveHomePage,
  useUploadBanner,
  whiteLabelKeys,
} from './white-label.queries';

const HOME_TEXTS = ['metaTitle', 'metaDescription', 'bannerTitle'] as const;

type WidgetValue =
  | { key: string; type: 'custom_html'; html: string; translations: TranslationValues<'html'> }
  | { key: string; type: 'featured_products'; productIds: string[] }
  | { key: string; type: 'search' };

interface HomeFormValues {
  status: HomePageStatus;
  metaTitle: string;
  metaDescription: string;
  bannerTitle: string;
  widgets: WidgetValue[];
  /** The texts in the other languages (docs/translations.md). */
  translations: TranslationValues<(typeof HOME_TEXTS)[number]>;
}

/** A widget's identity in the form (list keys survive reordering). */
const newKey = () => crypto.randomUUID();

const fromConfig = (config: HomePageConfigResponse | null): HomeFormValues => ({
  status: config?.status ?? 'draft',
  metaTitle: config?.metaTitle ?? '',
  metaDescription: config?.metaDescription ?? '',
  bannerTitle: config?.bannerTitle ?? '',
  widgets: (config?.widgets ?? []).map(
    (w): WidgetValue =>
      w.type === 'custom_html'
        ? { ...w, key: newKey(), translations: translationValues(['html'], w.translations) }
        : { ...w, key: newKey() },
  ),
  translations: translationValues(HOME_TEXTS, config?.translations),
});

const toRequest = (v: HomeFormValues): HomePageConfigRequest => ({
  status: v.status,
  metaTitle: v.metaTitle,
  metaDescription: v.metaDescription,
  bannerTitle: v.bannerTitle,
  widgets: v.widgets.map(({ key: _key, ...widget }) => widget),
  translations: v.translations,
});

/** `/white-label/home-page`: the public site's home page: meta, search banner and ordered widgets. */
export function HomePageConfigPage() {
  const { t } = useTranslation('whiteLabel');
  const account = useCurrentUser().currentOrganization.account;
  usePageHeader({
    title: t('home.title'),
    icon: IconLayoutDashboard,
    breadcrumbs: [
      { label: t('breadcrumb') },
      { label: t('settings.title'), to: '/white-label/site' },
      { label: t('home.title') },
    ],
  });
  const config = useHomePageConfig(account.id, account.isRetailer);
  if (!account.isRetailer) return <Alert color="gray">{t('settings.notRetailer')}</Alert>;
  if (config.isPending) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1100}>
      <HomeForm accountId={account.id} config={config.data ?? null} />
      <BannerCard accountId={account.id} config={config.data ?? null} />
    </Stack>
  );
}

/** The home page's texts and its custom HTML blocks, each translatable. */
function useHomeTexts(values: HomeFormValues): TranslatableText[] {
  const { t } = useTranslation(['whiteLabel', 'translations']);
  return [
    { label: t('home.metaTitle'), pathOf: (l) => `translations.${l}.metaTitle`, base: values.metaTitle },
    {
      label: t('home.metaDescription'),
      pathOf: (l) => `translations.${l}.metaDescription`,
      base: values.metaDescription,
      multiline: true,
    },
    {
      label: t('home.bannerTitle'),
      pathOf: (l) => `translations.${l}.bannerTitle`,
      base: values.bannerTitle,
    },
    ...values.widgets.flatMap((widget, index): TranslatableText[] =>
      widget.type === 'custom_html'
        ? [
            {
              group: t('translations:block', { number: index + 1 }),
              label: t('home.html'),
              pathOf: (l) => `widgets.${index}.translations.${l}.html`,
              base: widget.html,
              multiline: true,
            },
          ]
        : [],
    ),
  ];
}

export function HomeForm({
  accountId,
  config,
}: {
  accountId: string;
  config: HomePageConfigResponse | null;
}) {
  const { t } = useTranslation('whiteLabel');
  const save = useSaveHomePage(accountId);
  const [attempted, setAttempted] = useState(false);
  const validateRequest = zodValidator<HomePageConfigRequest>(HomePageConfigRequest);
  const form = useForm<HomeFormValues>({
    mode: 'controlled',
    initialValues: fromConfig(config),
    validate: (values) => validateRequest(toRequest(values)),
  });
  const texts = useHomeTexts(form.values);
  const labels: Record<string, string> = {
    ...useTranslationLabels(texts),
    metaTitle: t('home.metaTitle'),
    metaDescription: t('home.metaDescription'),
    bannerTitle: t('home.bannerTitle'),
  };
  form.values.widgets.forEach((w, i) => {
    labels[w.type === 'custom_html' ? `widgets.${i}.html` : `widgets.${i}.productIds`] = t(
      'home.widgetLabel',
      {
        position: i + 1,
        type: t(`home.widget.${w.type}`),
      },
    );
  });

  const submit = (values: HomeFormValues) => {
    setAttempted(true);
    save.mutate(toRequest(values), {
      onSuccess: (saved) => {
        form.setInitialValues(fromConfig(saved));
        form.reset();
        setAttempted(false);
        notifications.show({ color: 'green', message: t('home.saved') });
      },
      onError: (error) => handleFormError(form, error),
    });
  };

  const add = (type: HomeWidgetType) =>
    form.insertListItem(
      'widgets',
      type === 'custom_html'
        ? { key: newKey(), type, html: '', translations: translationValues(['html']) }
        : type === 'featured_products'
          ? { key: newKey(), type, productIds: [] }
          : { key: newKey(), type },
    );
  const widgets = form.values.widgets;

  return (
    <form noValidate onSubmit={form.onSubmit(submit, () => setAttempted(true))} aria-label={t('home.title')}>
      <Stack gap="lg">
        {attempted && (
          <FormErrorSummary
            errors={form.errors}
            labels={labels}
            onSelect={(p) => form.getInputNode(p)?.focus()}
          />
        )}
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('home.general')}
            </Title>
            <div>
              <Text size="sm" fw={500} id="home-status-label" mb={4}>
                {t('home.status')}
              </Text>
              <SegmentedControl
                aria-labelledby="home-status-label"
                data={HOME_PAGE_STATUSES.map((s) => ({ value: s, label: t(`home.statusValue.${s}`) }))}
                {...form.getInputProps('status')}
              />
            </div>
            <TextInput
              label={t('home.metaTitle')}
              description={t('home.metaTitleHelp')}
              required
              maxLength={255}
              {...form.getInputProps('metaTitle')}
            />
            <Textarea
              label={t('home.metaDescription')}
              description={t('home.metaDescriptionHelp')}
              required
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('metaDescription')}
            />
            <TextInput
              label={t('home.bannerTitle')}
              required
              maxLength={50}
              {...form.getInputProps('bannerTitle')}
            />
          </Stack>
        </Card>

        <SettingsSection title={t('home.widgets')} gap="md">
          {widgets.length === 0 && <Text c="dimmed">{t('home.noWidget')}</Text>}
          {widgets.map((widget, index) => (
            <Card
              key={widget.key}
              withBorder
              padding="md"
              component="section"
              aria-label={t('home.widgetLabel', {
                position: index + 1,
                type: t(`home.widget.${widget.type}`),
              })}
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>
                    {index + 1}. {t(`home.widget.${widget.type}`)}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('home.moveUp', { position: index + 1 })}
                      disabled={index === 0}
                      onClick={() => form.reorderListItem('widgets', { from: index, to: index - 1 })}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('home.moveDown', { position: index + 1 })}
                      disabled={index === widgets.length - 1}
                      onClick={() => form.reorderListItem('widgets', { from: index, to: index + 1 })}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('home.removeWidget', { position: index + 1 })}
                      onClick={() => form.removeListItem('widgets', index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                {widget.type === 'custom_html' && (
                  <Textarea
                    label={t('home.html')}
                    description={t('home.htmlHelp', { count: widget.html.length, max: CUSTOM_HTML_MAX })}
                    autosize
                    minRows={4}
                    maxRows={16}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    {...form.getInputProps(`widgets.${index}.html`)}
                  />
                )}
                {widget.type === 'featured_products' && (
                  <ProductPicker
                    selected={widget.productIds}
                    error={form.errors[`widgets.${index}.productIds`] as string | undefined}
                    onChange={(ids) => form.setFieldValue(`widgets.${index}.productIds`, ids)}
                    violations={Object.entries(form.errors)
                      .filter(([p]) => p.startsWith(`widgets.${index}.productIds.`))
                      .map(([p, m]) => [Number(p.split('.').at(-1)), String(m)] as const)}
                  />
                )}
                {widget.type === 'search' && (
                  <Text size="sm" c="dimmed">
                    {t('home.searchHelp')}
                  </Text>
                )}
              </Stack>
            </Card>
          ))}
          <Group gap="xs">
            {HOME_WIDGET_TYPES.map((type) => (
              <Button
                key={type}
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={widgets.length >= HOME_WIDGETS_MAX}
                onClick={() => add(type)}
              >
                {t(`home.add.${type}`)}
              </Button>
            ))}
          </Group>
        </SettingsSection>
        <TranslationsFieldset form={form} texts={texts} />
        <Group>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={save.isPending}
          >
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The featured products: chosen among the published products of the catalogue (the search lists only those). */
function ProductPicker({
  selected,
  onChange,
  error,
  violations,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  violations: (readonly [number, string])[];
}) {
  const { t } = useTranslation('whiteLabel');
  const inputId = useId();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const names = useProductNames(selected);
  const results = useQuery({
    queryKey: whiteLabelKeys.productSearch(q),
    queryFn: ({ signal }) => api.get<ProductSearchResponse>('/search/products', { query: { q }, signal }),
    enabled: q.length >= 2,
  });
  const problemOf = new Map(violations);
  return (
    <Stack gap="sm">
      {selected.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('home.noProduct')}
        </Text>
      ) : (
        <List spacing={4} listStyleType="none" aria-label={t('home.selectedProducts')}>
          {selected.map((id, i) => (
            <List.Item key={id}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{names.get(id)?.name ?? id}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('home.removeProduct', { name: names.get(id)?.name ?? id })}
                  onClick={() => onChange(selected.filter((s) => s !== id))}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Group>
              {problemOf.has(i) && (
                <Text size="xs" c="red">
                  {problemOf.get(i)}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <TextInput
        id={inputId}
        label={t('home.findProduct')}
        description={t('home.findProductHelp', { max: FEATURED_PRODUCTS_MAX })}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
      />
      {q.length >= 2 && results.data && (
        <List spacing={4} listStyleType="none" aria-label={t('home.searchResults')}>
          {results.data.member.length === 0 && <Text size="sm">{t('home.noResult')}</Text>}
          {results.data.member.slice(0, 8).map((hit) => (
            <List.Item key={hit.id}>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={selected.includes(hit.id) || selected.length >= FEATURED_PRODUCTS_MAX}
                  onClick={() => onChange([...selected, hit.id])}
                  aria-label={t('home.addProduct', { name: hit.name })}
                >
                  <IconPlus size={14} aria-hidden />
                </Button>
                <Text size="sm">
                  {hit.name}
                  {hit.brand ? ` · ${hit.brand}` : ''}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The search banner's image (JPG or PNG, 250 kB), once the home page is saved. */
export function BannerCard({
  accountId,
  config,
}: {
  accountId: string;
  config: HomePageConfigResponse | null;
}) {
  const { t } = useTranslation('whiteLabel');
  const upload = useUploadBanner(accountId);
  const [problem, setProblem] = useState<string | null>(null);
  const resetPicker = useRef<() => void>(null);
  const choose = (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    if (!['image/jpeg', 'image/png'].includes(file.type)) return setProblem(t('banner.invalidType'));
    if (file.size > IMAGE_MAX_BYTES) return setProblem(t('banner.tooLarge'));
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: t('banner.saved') }),
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 422 || error.status === 413))
          setProblem(translateErrorCode(error.code));
        else reportError(error);
      },
    });
  };
  return (
    <SettingsSection title={t('banner.title')} gap="sm">
      <Text size="sm" c="dimmed">
        {t('banner.help')}
      </Text>
      {!config ? (
        <Text size="sm">{t('banner.saveFirst')}</Text>
      ) : (
        <>
          <Center bg="gray.0" p="md" mih={120} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            {config.bannerImage ? (
              <Image src={config.bannerImage} alt={t('banner.preview')} mah={200} fit="contain" />
            ) : (
              <Group gap="xs" c="dimmed">
                <IconPhotoOff size={18} aria-hidden />
                <Text size="sm">{t('banner.none')}</Text>
              </Group>
            )}
          </Center>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group gap="xs">
            <FileButton onChange={choose} accept="image/png,image/jpeg" resetRef={resetPicker}>
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                >
                  {t('banner.upload')}
                </Button>
              )}
            </FileButton>
            {config.bannerImage && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => upload.mutate(null)}
              >
                {t('banner.remove')}
              </Button>
            )}
          </Group>
        </>
      )}
    </SettingsSection>
  );
}
