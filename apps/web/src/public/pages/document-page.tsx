import { useTranslation } from 'react-i18next';
import { useSite } from '../site-context';
import { usePageTitle } from '../use-page-title';
import { NotFoundPage } from './not-found-page';

/** `/cookies-policy-document` and `/accessibility-statement`: the retailer's PDF, when uploaded. */
function DocumentPage({ document }: { document: 'cookiesPolicy' | 'accessibilityStatement' }) {
  const { t } = useTranslation();
  const url = useSite().config[document];
  const title =
    document === 'cookiesPolicy' ? t('documents.cookiesTitle') : t('documents.accessibilityTitle');
  usePageTitle(url ? title : null);
  if (!url) return <NotFoundPage />;
  return (
    <div className="container page prose">
      <h1>{title}</h1>
      <p>
        <a className="button" href={url} target="_blank" rel="noopener">
          {t('documents.open')}
        </a>
      </p>
    </div>
  );
}

export const CookiesPolicyDocumentPage = () => <DocumentPage document="cookiesPolicy" />;
export const AccessibilityStatementPage = () => <DocumentPage document="accessibilityStatement" />;
