import { Alert, Button, Card, FileInput, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { DEFAULT_LOCALE, USER_IMPORT_MAX_LINES, type UserImportResponse } from '@reprise/shared';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconListCheck,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateErrorCode } from '../../../app/errors';
import { usePageHeader } from '../../../app/page-header';
import { isLocale } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import {
  downloadUserImportDocumentation,
  downloadUserImportTemplate,
  useUserImport,
} from './user-import.queries';
import { UserImportLines } from './user-import-lines';

/** The refusals of a whole file the screen words itself (the server's `violations[0].code`). */
const FILE_ERRORS = [
  'not_text',
  'unreadable',
  'no_lines',
  'too_many_lines',
  'missing_columns',
  'unknown_columns',
  'repeated_columns',
  'file_too_large',
];

/** Why the file or the import failed (batch user import failure). */
function failureText(t: (key: string, options?: Record<string, unknown>) => string, error: unknown) {
  if (error instanceof ApiError) {
    const violation = error.problem.violations?.[0]?.code ?? error.code;
    if (FILE_ERRORS.includes(violation))
      return t(`fileErrors.${violation}`, { max: USER_IMPORT_MAX_LINES.toLocaleString() });
    return translateErrorCode(error.code);
  }
  return translateErrorCode('network_error');
}

function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation('userImport');
  return (
    <Alert
      color="red"
      title={t('failure.title')}
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      data-testid="user-import-failure"
    >
      {failureText(t, error)}
    </Alert>
  );
}

/** Step 1: the template and the documentation to download, then the file to check. */
function FileStep({
  file,
  onFile,
  onCheck,
  checking,
  error,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  onCheck: () => void;
  checking: boolean;
  error: unknown;
}) {
  const { t, i18n } = useTranslation('userImport');
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const download = (run: () => Promise<void>) => {
    setDownloadError(null);
    run().catch(setDownloadError);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) onCheck();
  };
  return (
    <Stack gap="md">
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="user-import-downloads">
        <Stack gap="sm">
          <Title order={2} size="h5" id="user-import-downloads">
            {t('file.downloadsTitle')}
          </Title>
          <Text size="sm">{t('file.downloadsHelp', { max: USER_IMPORT_MAX_LINES.toLocaleString() })}</Text>
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              onClick={() => download(downloadUserImportTemplate)}
            >
              {t('file.template')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              onClick={() => download(() => downloadUserImportDocumentation(locale))}
            >
              {t('file.documentation')}
            </Button>
          </Group>
          {downloadError !== null && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {t('file.downloadFailed')}
            </Alert>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="md" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FileInput
              label={t('file.label')}
              description={t('file.description')}
              placeholder={t('file.placeholder')}
              accept=".csv,text/csv,text/plain"
              value={file}
              onChange={onFile}
              clearable
              leftSection={<IconUpload size={18} aria-hidden />}
              data-testid="user-import-file"
            />
            <Group>
              <Button
                type="submit"
                disabled={!file}
                loading={checking}
                leftSection={<IconListCheck size={18} aria-hidden />}
              >
                {t('file.check')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {error !== null && <Failure error={error} />}
    </Stack>
  );
}

/** Step 2: the dry run's result per line, and the import of the valid lines. */
function CheckStep({
  result,
  onBack,
  onImport,
  importing,
  error,
}: {
  result: UserImportResponse;
  onBack: () => void;
  onImport: () => void;
  importing: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('userImport');
  return (
    <Stack gap="md">
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="user-import-check">
        <Stack gap="sm">
          <Title order={2} size="h5" id="user-import-check">
            {t('check.title')}
          </Title>
          <Text size="sm" data-testid="user-import-check-summary">
            {t('check.summary', {
              valid: t('check.valid', { count: result.created }),
              errors: t('check.errors', { count: result.errors }),
            })}
          </Text>
          {result.created === 0 && (
            <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
              {t('check.noValid')}
            </Alert>
          )}
          <UserImportLines lines={result.lines} dryRun caption={t('check.caption')} />
        </Stack>
      </Card>
      {error !== null && <Failure error={error} />}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          {t('check.back')}
        </Button>
        <Button
          disabled={result.created === 0}
          loading={importing}
          leftSection={<IconUpload size={18} aria-hidden />}
          onClick={onImport}
        >
          {t('check.import', { count: result.created })}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 3: what the import created, and the lines it refused. */
function ResultStep({ result, onRestart }: { result: UserImportResponse; onRestart: () => void }) {
  const { t } = useTranslation('userImport');
  return (
    <Stack gap="md">
      <Alert
        color={result.created > 0 ? 'green' : 'orange'}
        icon={result.created > 0 ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
        title={t('result.title')}
        role="status"
        data-testid="user-import-result"
      >
        {t('result.created', { count: result.created })}
        {result.errors > 0 && ` ${t('result.notCreated', { count: result.errors })}`}
      </Alert>
      <Card withBorder padding="md" radius="md">
        <UserImportLines lines={result.lines} dryRun={false} caption={t('result.caption')} />
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={onRestart}>
          {t('result.again')}
        </Button>
        <Button component={Link} to="/users" leftSection={<IconUsers size={18} aria-hidden />}>
          {t('result.toList')}
        </Button>
      </Group>
    </Stack>
  );
}

type Step = 'file' | 'check' | 'result';
const STEPS: Step[] = ['file', 'check', 'result'];

/** `/users/import`: a three-step CSV batch import of users. */
export function UserImportPage() {
  const { t } = useTranslation(['userImport', 'users']);
  usePageHeader({
    title: t('title'),
    icon: IconUpload,
    breadcrumbs: [
      { label: t('users:breadcrumb.organization') },
      { label: t('users:title'), to: '/users' },
      { label: t('title') },
    ],
  });
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<UserImportResponse | null>(null);
  const [imported, setImported] = useState<UserImportResponse | null>(null);
  const dryRun = useUserImport();
  const run = useUserImport();

  const restart = () => {
    setFile(null);
    setChecked(null);
    setImported(null);
    dryRun.reset();
    run.reset();
    setStep('file');
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Stepper active={STEPS.indexOf(step)} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('steps.file')} description={t('steps.fileHelp')} allowStepSelect={false} />
        <Stepper.Step label={t('steps.check')} description={t('steps.checkHelp')} allowStepSelect={false} />
        <Stepper.Step label={t('steps.result')} description={t('steps.resultHelp')} allowStepSelect={false} />
      </Stepper>
      {step === 'file' && (
        <FileStep
          file={file}
          onFile={(next) => {
            setFile(next);
            dryRun.reset();
          }}
          checking={dryRun.isPending}
          error={dryRun.error}
          onCheck={() => {
            if (!file) return;
            dryRun.mutate(
              { file, dryRun: true },
              {
                onSuccess: (result) => {
                  setChecked(result);
                  run.reset();
                  setStep('check');
                },
              },
            );
          }}
        />
      )}
      {step === 'check' && checked && file && (
        <CheckStep
          result={checked}
          importing={run.isPending}
          error={run.error}
          onBack={() => setStep('file')}
          onImport={() =>
            run.mutate(
              { file, dryRun: false },
              {
                onSuccess: (result) => {
                  setImported(result);
                  setStep('result');
                },
              },
            )
          }
        />
      )}
      {step === 'result' && imported && <ResultStep result={imported} onRestart={restart} />}
    </Stack>
  );
}
