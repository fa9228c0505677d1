import type { ErasureCertificateResponse } from '@reprise/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, getJson } from '../api';
import { usePageTitle } from '../use-page-title';
import { Loading } from './states';

/**
 * `erasure-certificate/:code` and `erasure-certificate` (docs/refurbishment.md, "Data-erasure
 * certificate"): anyone checks the verification code printed on a data-erasure certificate. A
 * valid code shows the device, its IMEI masked but the last 4 digits, the method, the date and the
 * warehouse; an unknown one says so. Without a code in the address, a form asks for it (dashes
 * and case do not matter).
 */

type State =
  | { kind: 'loading' }
  | { kind: 'valid'; certificate: ErasureCertificateResponse }
  | { kind: 'unknown' }
  | { kind: 'failed' };

/** `ABCDEFGHJKLMNPQR` or `abcd-efgh-…` → `ABCD-EFGH-JKLM-NPQR`. */
const grouped = (code: string) =>
  code
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .match(/.{1,4}/g)
    ?.join('-') ?? '';

export function ErasureCertificatePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  usePageTitle(t('erasureCertificate.title'));
  return (
    <div className="container page prose" data-testid="erasure-certificate-page">
      {code ? <Check key={code} code={code} /> : <h1>{t('erasureCertificate.title')}</h1>}
      <CodeForm initial={code ? grouped(code) : ''} />
    </div>
  );
}

function Check({ code }: { code: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    const normalised = code.replace(/[\s-]/g, '').toUpperCase();
    getJson<ErasureCertificateResponse>(
      `/api/public/erasure-certificates/${encodeURIComponent(normalised)}`,
      controller.signal,
    ).then(
      (certificate) => setState({ kind: 'valid', certificate }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setState({
          kind:
            error instanceof ApiError && (error.status === 404 || error.status === 422)
              ? 'unknown'
              : 'failed',
        });
      },
    );
    return () => controller.abort();
  }, [code]);

  // the outcome is announced from its heading
  useEffect(() => {
    if (state.kind !== 'loading') headingRef.current?.focus();
  }, [state.kind]);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind !== 'valid')
    return (
      <>
        <h1 ref={headingRef} tabIndex={-1}>
          {t(state.kind === 'unknown' ? 'erasureCertificate.unknownTitle' : 'erasureCertificate.failedTitle')}
        </h1>
        <p
          className="notice notice-error"
          role="alert"
          data-testid="erasure-certificate-state"
          data-state={state.kind}
        >
          {t(state.kind === 'unknown' ? 'erasureCertificate.unknownText' : 'erasureCertificate.failedText', {
            code: grouped(code),
          })}
        </p>
      </>
    );

  const { certificate } = state;
  const erasedAt = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(certificate.erasedAt));
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('erasureCertificate.validTitle')}
      </h1>
      <div
        className="notice notice-success"
        role="status"
        data-testid="erasure-certificate-state"
        data-state="valid"
      >
        <p>{t('erasureCertificate.validText', { code: grouped(certificate.verificationCode) })}</p>
      </div>
      <div className="price-card">
        <h2>{certificate.productName}</h2>
        <dl className="facts">
          <div>
            <dt>{t('erasureCertificate.imei')}</dt>
            <dd data-testid="erasure-certificate-imei">{certificate.imei ?? '—'}</dd>
          </div>
          {certificate.serialNumber && (
            <div>
              <dt>{t('erasureCertificate.serialNumber')}</dt>
              <dd>{certificate.serialNumber}</dd>
            </div>
          )}
          <div>
            <dt>{t('erasureCertificate.method')}</dt>
            <dd>{certificate.method}</dd>
          </div>
          <div>
            <dt>{t('erasureCertificate.date')}</dt>
            <dd>{erasedAt}</dd>
          </div>
          <div>
            <dt>{t('erasureCertificate.warehouse')}</dt>
            <dd>{certificate.warehouseName}</dd>
          </div>
        </dl>
      </div>
    </>
  );
}

/** The code as printed on the certificate; opens `erasure-certificate/<code>`. */
function CodeForm({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = value.replace(/[\s-]/g, '').toUpperCase();
    if (!/^[A-Z0-9]{8,32}$/.test(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    navigate(`/erasure-certificate/${code}`);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('erasureCertificate.formTitle')}</h2>
      <div className="field">
        <label htmlFor={id}>{t('erasureCertificate.code')}</label>
        <p className="field-help" id={`${id}-help`}>
          {t('erasureCertificate.codeHelp')}
        </p>
        <input
          id={id}
          name="code"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setInvalid(false);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-help ${id}-error` : `${id}-help`}
          data-testid="erasure-certificate-code"
        />
        {invalid && (
          <p className="field-error" id={`${id}-error`}>
            {t('erasureCertificate.codeInvalid')}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button">
          {t('erasureCertificate.check')}
        </button>
        <Link className="button button-secondary" to="/">
          {t('erasureCertificate.home')}
        </Link>
      </div>
    </form>
  );
}
