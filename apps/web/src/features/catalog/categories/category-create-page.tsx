import { type CategoryTreeNode, CreateCategoryRequest } from '@reprise/shared';
import { IconCategoryPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { withAlert } from '../../../app/alert-from-query';
import { usePageHeader } from '../../../app/page-header';
import { useSession } from '../../../app/session';
import { showSaveError } from '../../../ui/form-feedback';
import { PageLoader } from '../../../ui/page-loader';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';
import { useCategoryImage, useCategoryTree, useCreateCategory } from './categories.queries';
import { CategoryFormView } from './category-form';
import { categoryFormValues, toCategoryRequest } from './category-form-values';
import { useCategoryForm } from './use-category-form';

interface CreateCategoryFormProps {
  tree: readonly CategoryTreeNode[];
  /** The parent the new category starts under. */
  parentId: string | null;
}

function CreateCategoryForm({ tree, parentId }: CreateCategoryFormProps) {
  const { t } = useTranslation('categories');
  const navigate = useNavigate();
  // Platform operators work on every retailer's catalogue: they name the one of the new category.
  const withAccount = useSession().module === 'root';
  const form = useCategoryForm(categoryFormValues(undefined, parentId), withAccount);
  const create = useCreateCategory();
  const image = useCategoryImage();

  return (
    <CategoryFormView
      form={form}
      category={null}
      tree={tree}
      withAccount={withAccount}
      submitLabel={t('create.submit')}
      submitting={create.isPending || image.isPending}
      onSubmit={(values) =>
        create.mutate(CreateCategoryRequest.parse(toCategoryRequest(values, withAccount)), {
          onSuccess: async (category) => {
            const file = values.image.file;
            if (file) {
              try {
                await image.mutateAsync({ id: category.id, file });
              } catch {
                // The category exists: its edit screen says the image is still missing.
                navigate(
                  withAlert(`/category/${category.id}/edit`, {
                    type: 'warning',
                    message: 'categories:alert.createdWithoutImage',
                  }),
                );
                return;
              }
            }
            navigate(withAlert('/categories/list', { type: 'success', message: 'categories:alert.created' }));
          },
          onError: (error) => showSaveError(form, error),
        })
      }
    />
  );
}

/** `/category/create`: a new category of the catalogue (`?parent=<id>` starts it under a parent). */
export function CategoryCreatePage() {
  const { t } = useTranslation('categories');
  const [params] = useSearchParams();
  const tree = useCategoryTree();
  const breadcrumbs = useCatalogBreadcrumbs('categories');
  usePageHeader({
    title: t('create.title'),
    icon: IconCategoryPlus,
    breadcrumbs: [...breadcrumbs, { label: t('create.title') }],
  });
  if (!tree.data) return <PageLoader />;
  return <CreateCategoryForm tree={tree.data} parentId={params.get('parent')} />;
}
