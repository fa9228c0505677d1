import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The product search field; submitting opens `/search?q=`. */
export function SearchForm({ label, initial = '' }: { label: string; initial?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
  };
  return (
    <search className="search-form" aria-label={label}>
      <form onSubmit={submit}>
        <label htmlFor={inputId}>{t('search.label')}</label>
        <div className="search-row">
          <input
            id={inputId}
            name="q"
            type="search"
            defaultValue={initial}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            maxLength={255}
          />
          <button type="submit" className="button">
            {t('search.submit')}
          </button>
        </div>
      </form>
    </search>
  );
}
