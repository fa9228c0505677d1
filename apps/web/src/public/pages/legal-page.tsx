import type { PublicLegalResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useResource } from '../api';
import { usePageTitle } from '../use-page-title';
import { LoadError, Loading } from './states';

const FIELD = {
  cgu: { text: 'termsOfUse', file: 'termsOfUseFile' },
  cgs: { text: 'termsOfService', file: 'termsOfServiceFile' },
  faq: { text: 'faqAndContact', file: 'faqAndContactFile' },
} as const;

/**
 * `/cgu`, `/cgs`, `/faq`: the retailer's document (general settings). Its PDF when one is
 * uploaded; otherwise its former text version, as plain paragraphs (docs/general-settings.md).
 */
function LegalPage({ page }: { page: keyof typeof FIELD }) {
  const { t } = useTranslation();
  const legal = useResource<PublicLegalResponse>('/api/white-label/legal');
  usePageTitle(t(`legal.${page}`));
  const file = legal.status === 'ready' ? legal.data[FIELD[page].file] : null;
  const content = legal.status === 'ready' ? legal.data[FIELD[page].text] : null;
  return (
    <div className="container page prose">
      <h1>{t(`legal.${page}`)}</h1>
      {legal.status === 'loading' && <Loading />}
      {legal.status === 'error' && <LoadError />}
      {legal.status === 'ready' &&
        (file ? (
          <p>
            <a className="button" href={file} target="_blank" rel="noopener">
              {t('documents.open')}
            </a>
          </p>
        ) : content ? (
          content.split(/\n\s*\n/).map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
            <p key={i} className="pre-line">
              {paragraph}
            </p>
          ))
        ) : (
          <p>{t('legal.missing')}</p>
        ))}
    </div>
  );
}

export const TermsOfUsePage = () => <LegalPage page="cgu" />;
export const TermsOfServicePage = () => <LegalPage page="cgs" />;
export const FaqPage = () => <LegalPage page="faq" />;
