import type { QuestionResponse } from '@reprise/shared';
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
import { QuestionFormView } from './question-form';
import { questionFormValues, questionPatch } from './question-form-values';
import { useQuestion, useUpdateQuestion } from './questions.queries';
import { useQuestionForm } from './use-question-form';

function EditQuestionForm({ question, readOnly }: { question: QuestionResponse; readOnly: boolean }) {
  const { t } = useTranslation('diagnostic');
  const navigate = useNavigate();
  const form = useQuestionForm(questionFormValues(question));
  const update = useUpdateQuestion(question.id, question.categoryId);
  const backTo = `/diagnostic/category/${question.categoryId}`;
  const done = () => navigate(withAlert(backTo, { type: 'success', message: 'diagnostic:alert.updated' }));

  return (
    <QuestionFormView
      form={form}
      backTo={backTo}
      readOnly={readOnly}
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) => {
        const patch = questionPatch(form.getInitialValues(), values);
        if (Object.keys(patch).length === 0) return done();
        update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
      }}
    />
  );
}

/** `/diagnostic/category/:categoryId/question/:questionId`: changes a question; read-only without the right to write. */
export function QuestionEditPage() {
  const { t } = useTranslation('diagnostic');
  const { categoryId = '', questionId = '' } = useParams();
  const { can } = useSession();
  const readOnly = !can('question.create');
  const question = useQuestion(questionId);
  const ancestry = useCategoryAncestry(question.data?.categoryId ?? categoryId);
  const breadcrumbs = useDiagnosticBreadcrumbs(ancestry.data?.at(-1));
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  usePageHeader({
    title: question.data ? `${title} · ${question.data.title}` : title,
    icon: IconClipboardList,
    breadcrumbs: [...breadcrumbs, { label: question.data?.title ?? title }],
  });

  if (!question.data) return <PageLoader />;
  return <EditQuestionForm key={question.data.id} question={question.data} readOnly={readOnly} />;
}
