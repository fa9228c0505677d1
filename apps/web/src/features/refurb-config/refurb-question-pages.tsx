import type { RefurbQuestionResponse } from '@reprise/shared';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { handleFormError } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { useCreateRefurbQuestion, useRefurbQuestion, useUpdateRefurbQuestion } from './refurb-config.queries';
import { RefurbQuestionFormView } from './refurb-question-form';
import {
  emptyRefurbQuestion,
  refurbQuestionFormValues,
  toRefurbQuestionRequest,
} from './refurb-question-form-values';
import { useConfigAccount, withAccount } from './use-config-account';
import { useRefurbQuestionForm } from './use-refurb-question-form';

const LIST = '/refurb-diagnosis-questions';

function useQuestionHeader(title: string, backTo: string) {
  const { t } = useTranslation('refurbConfig');
  usePageHeader({
    title,
    icon: IconListDetails,
    breadcrumbs: [
      { label: t('breadcrumb.refurbishment') },
      { label: t('questions.title'), to: backTo },
      { label: title },
    ],
  });
}

/** `/refurb-diagnosis-questions/create`: a new question, asked after the existing ones. */
export function RefurbQuestionCreatePage() {
  const { t } = useTranslation('refurbConfig');
  const navigate = useNavigate();
  const { account } = useConfigAccount();
  const form = useRefurbQuestionForm(emptyRefurbQuestion());
  const create = useCreateRefurbQuestion();
  const backTo = withAccount(LIST, account);
  useQuestionHeader(t('questionForm.createTitle'), backTo);
  return (
    <RefurbQuestionFormView
      form={form}
      account={account}
      backTo={backTo}
      submitLabel={t('questionForm.submitCreate')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(
          { ...toRefurbQuestionRequest(values), ...(account ? { account } : {}) },
          {
            onSuccess: () =>
              navigate(withAlert(backTo, { type: 'success', message: 'refurbConfig:questionForm.created' })),
            onError: (error) => handleFormError(form, error),
          },
        )
      }
    />
  );
}

function EditRefurbQuestionForm({ question }: { question: RefurbQuestionResponse }) {
  const { t } = useTranslation('refurbConfig');
  const navigate = useNavigate();
  const { account } = useConfigAccount();
  const form = useRefurbQuestionForm(refurbQuestionFormValues(question));
  const update = useUpdateRefurbQuestion(question.id);
  const backTo = withAccount(LIST, account);
  return (
    <RefurbQuestionFormView
      form={form}
      account={account}
      backTo={backTo}
      submitLabel={t('questionForm.submitEdit')}
      submitting={update.isPending}
      onSubmit={(values) =>
        update.mutate(toRefurbQuestionRequest(values), {
          onSuccess: () =>
            navigate(withAlert(backTo, { type: 'success', message: 'refurbConfig:questionForm.updated' })),
          onError: (error) => handleFormError(form, error),
        })
      }
    />
  );
}

/** `/refurb-diagnosis-questions/:id/edit`: a question's form. */
export function RefurbQuestionEditPage() {
  const { t } = useTranslation('refurbConfig');
  const { id = '' } = useParams();
  const { account } = useConfigAccount();
  const question = useRefurbQuestion(id);
  const title = t('questionForm.editTitle');
  useQuestionHeader(question.data ? `${title} · ${question.data.label}` : title, withAccount(LIST, account));
  if (!question.data) return <PageLoader />;
  return (
    <EditRefurbQuestionForm key={`${question.data.id}:${question.data.updatedAt}`} question={question.data} />
  );
}
