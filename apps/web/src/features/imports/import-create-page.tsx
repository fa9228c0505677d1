import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IMPORT_CONTENTS,
  IMPORT_MAX_BYTES,
  IMPORT_STRATEGIES,
  type ImportContent,
  type ImportStrategy,
  ImportSuffix,
} from '@reprise/shared';
import { IconDownload, IconFileImport, IconFileUpload } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { i18n } from '../../i18n';
import { CategoryMultiSelect, useCategoryTree } from '../catalog';
import { useImportDestination } from './import-destination';
import {
  type FailureText,
  failureOf,
  firstStepOf,
  type ImportFailure,
  type ImportField,
} from './import-failure';
import { formatFileSize, IMPORT_FILE_ACCEPT, importFileProblem } from './import-file';
import { downloadImportTemplate, useCreateImport, useDownload } from './imports.queries';

/** The four steps: type of data, strategy, file, summary. */
const STEPS = ['content', 'strategy', 'file', 'summary'] as const;

type Errors = Partial<Record<ImportField, string>>;

/** The text of a code: this screen's own (`imports:uploadErrors.<code>`), else the shared catalogue's, else the server's. */
function errorText({ code, fallback }: FailureText): string {
  if (i18n.exists(`imports:uploadErrors.${code}`)) return i18n.t(`imports:uploadErrors.${code}`);
  if (i18n.exists(`errors:${code}`)) return i18n.t(`errors:${code}`);
  return fallback || i18n.t('imports:uploadErrors.unknown');
}

function textsOf(failure: ImportFailure): Errors {
  return Object.fromEntries(
    Object.entries(failure).map(([field, text]) => [field, errorText(text as FailureText)]),
  );
}

function ChoiceCard({ value, title, description }: { value: string; title: string; description: string }) {
  return (
    <Radio.Card value={value} p="md" radius="md" data-testid={`choice-${value}`}>
      <Group wrap="nowrap" align="flex-start">
        <Radio.Indicator />
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}

function StepFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A zone to drop the file on, beside the file input (both lead to the same choice). */
function FileDropZone({
  file,
  onFile,
  error,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('imports');
  const f = useFormatters();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="xl"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        }}
      >
        <Stack align="center" gap="xs">
          <IconFileUpload size={36} stroke={1.5} aria-hidden />
          <Text size="sm" ta="center">
            {t('wizard.file.drop')}
          </Text>
          <FileInput
            label={t('wizard.file.label')}
            placeholder={t('wizard.file.placeholder')}
            accept={IMPORT_FILE_ACCEPT}
            value={file}
            onChange={onFile}
            clearable
            w="100%"
            maw={420}
            error={error}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            data-testid="import-file"
          />
        </Stack>
      </Paper>
      {file && (
        <Text size="sm" data-testid="import-file-summary">
          {t('wizard.file.chosen', { name: file.name, size: formatFileSize(file.size, f.locale) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * `/imports/new` and its siblings (routes.tsx): a new import in four steps
 * section 2). Started, it opens the list with its side panel, which shows the progress.
 */
export function ImportCreatePage() {
  const { t } = useTranslation('imports');
  const navigate = useNavigate();
  const destination = useImportDestination();
  const [active, setActive] = useState(0);
  const [content, setContent] = useState<ImportContent | null>(null);
  const [strategy, setStrategy] = useState<ImportStrategy>('generic');
  const [parentCategoryIds, setParentCategoryIds] = useState<string[]>([]);
  const [suffix, setSuffix] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const tree = useCategoryTree(destination.accountId);
  const create = useCreateImport(destination.accountId ?? '');
  const template = useDownload(downloadImportTemplate);
  const f = useFormatters();
  usePageHeader({
    title: t('wizard.title'),
    icon: IconFileImport,
    breadcrumbs: [
      { label: t('breadcrumb') },
      { label: t('list.title'), to: destination.listPath },
      { label: t('wizard.title') },
    ],
  });

  const withParents = content === 'categories' || content === 'products';

  /** The errors of one step, checked before leaving it (the shared suffix schema for the suffix). */
  const check = (step: number): Errors => {
    if (step === 0 && !content) return { content: t('wizard.content.required') };
    if (step === 1) {
      const parsed = ImportSuffix.safeParse(suffix);
      if (!parsed.success)
        return { suffix: errorText({ code: parsed.error.issues[0]?.message ?? 'invalid_suffix' }) };
    }
    if (step === 2) {
      if (!file) return { file: t('wizard.file.required') };
      const problem = importFileProblem(file);
      if (problem) return { file: errorText({ code: problem }) };
    }
    return {};
  };

  const goTo = (step: number) => {
    for (let s = 0; s < step; s++) {
      const found = check(s);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setActive(s);
        return;
      }
    }
    setErrors({});
    setActive(step);
  };

  const start = () => {
    if (!content || !file || !destination.accountId) return;
    setErrors({});
    create.mutate(
      {
        content,
        strategy,
        parentCategoryIds: withParents ? parentCategoryIds : [],
        suffix: suffix.trim(),
        file,
      },
      {
        onSuccess: (started) => navigate(`${destination.listPath}?import=${started.id}`),
        onError: (error) => {
          const failure = failureOf(error);
          setErrors(textsOf(failure));
          setActive(firstStepOf(failure));
        },
      },
    );
  };

  const none = t('panel.none');
  const parentLabels = (() => {
    const byId = new Map<string, string>();
    const walk = (nodes: typeof tree.data) => {
      for (const node of nodes ?? []) {
        byId.set(node.id, node.label);
        walk(node.children);
      }
    };
    walk(tree.data);
    return parentCategoryIds.map((id) => byId.get(id) ?? id);
  })();

  return (
    <Card withBorder padding="lg" maw={960}>
      <Stack gap="lg">
        {destination.accountName && (
          <Text size="sm" c="dimmed">
            {t('wizard.destination', { account: destination.accountName })}
          </Text>
        )}
        <Stepper
          active={active}
          onStepClick={(index) => index < active && goTo(index)}
          allowNextStepsSelect={false}
          size="sm"
        >
          {STEPS.map((step) => (
            <Stepper.Step key={step} label={t(`wizard.steps.${step}`)} />
          ))}
        </Stepper>

        {active === 0 && (
          <StepFrame title={t('wizard.content.title')}>
            <Radio.Group
              value={content}
              onChange={(value) => {
                setContent(value as ImportContent);
                setErrors({});
              }}
              label={t('wizard.content.label')}
              error={errors.content}
            >
              <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
                {IMPORT_CONTENTS.map((value) => (
                  <ChoiceCard
                    key={value}
                    value={value}
                    title={t(`contents.${value}`)}
                    description={t(`contentDescriptions.${value}`)}
                  />
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Group>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                disabled={!content}
                loading={template.isPending}
                onClick={() => content && template.mutate(content)}
                data-testid="import-template"
              >
                {content
                  ? t('wizard.content.template', { content: t(`contents.${content}`) })
                  : t('wizard.content.templateNone')}
              </Button>
            </Group>
          </StepFrame>
        )}

        {active === 1 && (
          <StepFrame title={t('wizard.strategy.title')}>
            <Radio.Group
              value={strategy}
              onChange={(value) => setStrategy(value as ImportStrategy)}
              label={t('wizard.strategy.label')}
              error={errors.strategy}
            >
              <Stack gap="sm" mt="xs">
                {IMPORT_STRATEGIES.map((value) => (
                  <ChoiceCard
                    key={value}
                    value={value}
                    title={t(`strategies.${value}.label`)}
                    description={t(`strategies.${value}.description`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {withParents && (
              <CategoryMultiSelect
                label={t('wizard.strategy.parentCategories')}
                description={t(`wizard.strategy.parentCategoriesHelp.${content}`)}
                placeholder={t('wizard.strategy.parentCategoriesPlaceholder')}
                tree={tree.data ?? []}
                accountId={destination.accountId}
                value={parentCategoryIds}
                onChange={setParentCategoryIds}
                error={errors.parentCategoryIds}
              />
            )}
            <TextInput
              label={t('wizard.strategy.suffix')}
              description={t('wizard.strategy.suffixHelp')}
              value={suffix}
              onChange={(event) => setSuffix(event.currentTarget.value)}
              error={errors.suffix}
              maxLength={30}
              w={320}
              data-testid="import-suffix"
            />
          </StepFrame>
        )}

        {active === 2 && (
          <StepFrame title={t('wizard.file.title')}>
            <Text size="sm" c="dimmed">
              {t('wizard.file.help', { size: formatFileSize(IMPORT_MAX_BYTES, f.locale) })}
            </Text>
            <FileDropZone
              file={file}
              onFile={(chosen) => {
                setFile(chosen);
                const problem = chosen ? importFileProblem(chosen) : null;
                setErrors(problem ? { file: errorText({ code: problem }) } : {});
              }}
              error={errors.file}
            />
          </StepFrame>
        )}

        {active === 3 && content && file && (
          <StepFrame title={t('wizard.summary.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="import-summary">
              <SummaryItem label={t('fields.destination')} value={destination.accountName ?? none} />
              <SummaryItem label={t('fields.content')} value={t(`contents.${content}`)} />
              <SummaryItem label={t('fields.strategy')} value={t(`strategies.${strategy}.label`)} />
              <SummaryItem
                label={t('fields.file')}
                value={t('wizard.file.chosen', {
                  name: file.name,
                  size: formatFileSize(file.size, f.locale),
                })}
              />
              {withParents && (
                <SummaryItem
                  label={t('fields.parentCategories')}
                  value={
                    parentLabels.length > 0
                      ? parentLabels.join(', ')
                      : t('panel.none', { context: 'parentCategories' })
                  }
                />
              )}
              <SummaryItem label={t('fields.suffix')} value={suffix.trim() || none} />
            </SimpleGrid>
            {errors.root && (
              <Alert color="red" role="alert" data-testid="import-start-error">
                {errors.root}
              </Alert>
            )}
          </StepFrame>
        )}

        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => (active === 0 ? navigate(destination.listPath) : goTo(active - 1))}
            disabled={create.isPending}
          >
            {active === 0 ? t('wizard.cancel') : t('wizard.back')}
          </Button>
          {active < 3 ? (
            <Button onClick={() => goTo(active + 1)} data-testid="import-next">
              {t('wizard.next')}
            </Button>
          ) : (
            <Button
              onClick={start}
              loading={create.isPending}
              disabled={!destination.accountId}
              leftSection={<IconFileImport size={16} aria-hidden />}
              data-testid="import-start"
            >
              {t('wizard.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
