import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isEstimateErrorCode } from '../journey/estimate-errors';
import { usePageTitle } from '../use-page-title';

/** `/estimate-error?code=`: why no estimate can be given, and the way back to the search. */
export function EstimateErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('code');
  const code = isEstimateErrorCode(raw) ? raw : 'unknown';
  usePageTitle(t('estimateError.title'));
  return (
    <div className="container page prose">
      <h1>{t('estimateError.title')}</h1>
      <p role="alert" data-testid="estimate-error">
        {t(`estimateError.${code}`)}
      </p>
      <div className="actions">
        <Link className="button" to="/search">
          {t('estimateError.search')}
        </Link>
        <Link className="button button-secondary" to="/contact">
          {t('estimateError.contact')}
        </Link>
      </div>
    </div>
  );
}
