import { CreateDiagnosticQuestionRequest } from '@reprise/shared';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../../app/alert-from-query';
import { usePageHeader } from '../../../app/page-header';
import { showSaveError } from '../../../ui/form-feedback';
import { useCategoryAncestry } from '../categories/categories.queries';
import { useDiagnosticBreadcrumbs } from './diagnostic-breadcrumbs';
import { DiagnosticQuestionFormView } from './diagnostic-question-form';
import { diagnosticQuestionFormValues, toDiagnosticQuestionRequest } from './diagnostic-question-form-values';
import { useCreateDiagnosticQuestion } from './diagnostic-questions.queries';
import { useDiagnosticQuestionForm } from './use-diagnostic-question-form';

/** `/diagnostic/category/:categoryId/question/add`: a new question, asked after the category's others. */
export function DiagnosticQuestionCreatePage() {
  const { t } = useTranslation('diagnostic');
  const { categoryId = '' } = useParams();
  const navigate = useNavigate();
  const ancestry = useCategoryAncestry(categoryId);
  const category = ancestry.data?.at(-1);
  const breadcrumbs = useDiagnosticBreadcrumbs(category);
  const form = useDiagnosticQuestionForm(diagnosticQuestionFormValues());
  const create = useCreateDiagnosticQuestion(categoryId);
  const backTo = `/diagnostic/category/${categoryId}`;
  usePageHeader({
    title: category ? t('create.titleIn', { category: category.label }) : t('create.title'),
    icon: IconPlaylistAdd,
    breadcrumbs: [...breadcrumbs, { label: t('create.title') }],
  });

  return (
    <DiagnosticQuestionFormView
      form={form}
      cancelTo={backTo}
      submitLabel={t('create.submit')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(CreateDiagnosticQuestionRequest.parse(toDiagnosticQuestionRequest(values)), {
          onSuccess: () =>
            navigate(withAlert(backTo, { type: 'success', message: 'diagnostic:alert.created' })),
          onError: (error) => showSaveError(form, error),
        })
      }
    />
  );
}
