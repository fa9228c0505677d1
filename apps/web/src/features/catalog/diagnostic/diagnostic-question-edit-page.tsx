import type { DiagnosticQuestionResponse } from '@reprise/shared';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../../app/alert-from-query';
import { usePageHeader } from '../../../app/page-header';
import { useSession } from '../../../app/session';
import { showSaveError } from '../../../ui/form-feedback';
import { PageLoader } from '../../../ui/page-loader';
import { useCategoryAncestry } from '../categories/categories.queries';
import { useDiagnosticBreadcrumbs } from './diagnostic-breadcrumbs';
import { DiagnosticQuestionFormView } from './diagnostic-question-form';
import { diagnosticQuestionFormValues, diagnosticQuestionPatch } from './diagnostic-question-form-values';
import { useDiagnosticQuestion, useUpdateDiagnosticQuestion } from './diagnostic-questions.queries';
import { useDiagnosticQuestionForm } from './use-diagnostic-question-form';

function EditDiagnosticQuestionForm({
  question,
  readOnly,
}: {
  question: DiagnosticQuestionResponse;
  readOnly: boolean;
}) {
  const { t } = useTranslation('diagnostic');
  const navigate = useNavigate();
  const form = useDiagnosticQuestionForm(diagnosticQuestionFormValues(question));
  const update = useUpdateDiagnosticQuestion(question.id, question.categoryId);
  const backTo = `/diagnostic/category/${question.categoryId}`;
  const done = () => navigate(withAlert(backTo, { type: 'success', message: 'diagnostic:alert.updated' }));

  return (
    <DiagnosticQuestionFormView
      form={form}
      cancelTo={backTo}
      readOnly={readOnly}
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) => {
        const patch = diagnosticQuestionPatch(form.getInitialValues(), values);
        if (Object.keys(patch).length === 0) return done();
        update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
      }}
    />
  );
}

/** `/diagnostic/category/:categoryId/question/:questionId`: changes a question; read-only without the right to write. */
export function DiagnosticQuestionEditPage() {
  const { t } = useTranslation('diagnostic');
  const { categoryId = '', questionId = '' } = useParams();
  const { can } = useSession();
  const readOnly = !can('question.create');
  const question = useDiagnosticQuestion(questionId);
  const ancestry = useCategoryAncestry(question.data?.categoryId ?? categoryId);
  const breadcrumbs = useDiagnosticBreadcrumbs(ancestry.data?.at(-1));
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  usePageHeader({
    title: question.data ? `${title} · ${question.data.title}` : title,
    icon: IconClipboardList,
    breadcrumbs: [...breadcrumbs, { label: question.data?.title ?? title }],
  });

  if (!question.data) return <PageLoader />;
  return <EditDiagnosticQuestionForm key={question.data.id} question={question.data} readOnly={readOnly} />;
}
