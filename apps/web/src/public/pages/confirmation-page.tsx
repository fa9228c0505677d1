import {
  type BuybackInstructionsResponse,
  type BuybackResponse,
  SHIPPING_LABEL_CIRCUIT_TYPES,
  type TrackingLinkResponse,
} from '@reprise/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { headStatus, useResource } from '../api';
import { docsPath, idsOf, readConfirmation } from '../journey/checkout';
import { type LabelState, pollLabel } from '../journey/label-polling';
import { useFormatPrice, usePageTitle } from '../use-page-title';
import { useVisitor } from '../visitor-context';
import { Loading } from './states';

/** Circuits whose buyback travels with a shipping label (web_drop_label and web_post). */
const LABEL_CIRCUITS = new Set<string>(SHIPPING_LABEL_CIRCUIT_TYPES);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The shipping label, polled until ready (3, 5, 10, 15 s), then offered for download. */
function ShippingLabel({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation();
  const [state, setState] = useState<LabelState>('checking');
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round polls again
  useEffect(() => {
    const controller = new AbortController();
    setState('checking');
    void pollLabel(
      () => headStatus(`/api/buybacks/${buyback.id}/shipping-label`, controller.signal),
      wait,
      controller.signal,
    ).then(
      (result) => {
        if (result) setState(result);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [buyback.id, round]);

  return (
    <li data-testid="shipping-label" data-state={state}>
      {state === 'ready' ? (
        <a
          className="button button-secondary"
          href={`/api/buybacks/${buyback.id}/shipping-label`}
          download={`${t('documents.labelFile')}-${buyback.identificationNumber}.pdf`}
        >
          {t('documents.label')}
        </a>
      ) : (
        <p role="status">
          {state === 'checking' && t('documents.labelChecking')}
          {state === 'not_expected' && t('documents.labelNotExpected')}
          {(state === 'not_available' || state === 'error') && t('documents.labelNotAvailable')}
          {state === 'failed' && t('documents.labelUnavailable')}
        </p>
      )}
      {(state === 'not_available' || state === 'error') && (
        <button type="button" className="link-button" onClick={() => setRound((r) => r + 1)}>
          {t('documents.labelRetry')}
        </button>
      )}
    </li>
  );
}

function Instructions({ buybackId }: { buybackId: string }) {
  const { t } = useTranslation();
  const instructions = useResource<BuybackInstructionsResponse>(`/api/buybacks/${buybackId}/instructions`);
  if (instructions.status !== 'ready') return null;
  const data = instructions.data;
  if (data.instructions.length === 0 && !data.highlightedInstruction) return null;
  return (
    <section aria-labelledby={`instructions-${buybackId}`}>
      <h3 id={`instructions-${buybackId}`}>
        {t('confirmation.instructions', { circuit: data.circuitName })}
      </h3>
      {data.highlightedInstruction && <p className="highlight">{data.highlightedInstruction}</p>}
      <ol>
        {[...data.instructions]
          .sort((a, b) => a.sequence - b.sequence)
          .map((instruction) => (
            <li key={instruction.sequence}>{instruction.label}</li>
          ))}
      </ol>
    </section>
  );
}

/** The buyback's private tracking page (docs/tracking.md), the same link as in the customer's mails. */
function TrackingLink({ buybackId }: { buybackId: string }) {
  const { t } = useTranslation();
  const link = useResource<TrackingLinkResponse>(`/api/buybacks/${buybackId}/tracking-link`);
  if (link.status !== 'ready' || !link.data.url) return null;
  return (
    <p>
      <a href={link.data.url} data-testid="tracking-link">
        {t('confirmation.tracking')}
      </a>
    </p>
  );
}

function CreatedBuyback({ buybackId }: { buybackId: string }) {
  const { t, i18n } = useTranslation();
  const money = useFormatPrice();
  const buyback = useResource<BuybackResponse>(`/api/buybacks/${buybackId}`);
  if (buyback.status === 'loading')
    return (
      <li className="panel" aria-busy="true">
        {t('loading')}
      </li>
    );
  if (buyback.status === 'error')
    return (
      <li className="panel" role="alert">
        {t('confirmation.fetchError')}
      </li>
    );
  const b = buyback.data;
  const { downloadTransferOrder, downloadVoucher, downloadDropSlip } = b.allowedActions;
  return (
    <li className="panel" data-testid="created-buyback">
      <h2 className="h3">{b.product.name}</h2>
      <p>
        {t('confirmation.number')}{' '}
        <strong data-testid="identification-number">{b.identificationNumber}</strong>
      </p>
      <p>
        {t('confirmation.price')} <strong>{money(b.totalCents)}</strong> · {b.paymentMode.label}
      </p>
      {/* the server issues the voucher once the device is handed in (finalised at a store) or completed, not before */}
      {b.voucherCode && (
        <p data-testid="voucher-code">
          {t('confirmation.voucher')} <strong>{b.voucherCode}</strong>
        </p>
      )}
      <TrackingLink buybackId={b.id} />
      <Instructions buybackId={b.id} />
      <h3>{t('documents.title')}</h3>
      {b.predeclared && (
        <p className="notice" data-testid="predeclared-note">
          {t('documents.predeclared', { number: b.identificationNumber })}
        </p>
      )}
      {!downloadDropSlip &&
        !b.predeclared &&
        !downloadTransferOrder &&
        !downloadVoucher &&
        !LABEL_CIRCUITS.has(b.circuit.type) && <p>{t('documents.noneYet')}</p>}
      <ul className="document-list">
        {downloadDropSlip && (
          <li>
            <a
              className="button button-secondary"
              href={`/api/buybacks/${b.id}/documents/drop-slip?lang=${encodeURIComponent(i18n.language)}`}
              download={`${t('documents.dropSlipFile')}-${b.identificationNumber}.pdf`}
            >
              {t('documents.dropSlip')}
            </a>
          </li>
        )}
        {downloadTransferOrder && (
          <li>
            <a
              className="button button-secondary"
              href={`/api/buybacks/${b.id}/documents/transfer-order`}
              download={`${t('documents.transferOrderFile')}-${b.identificationNumber}.pdf`}
            >
              {t('documents.transferOrder')}
            </a>
          </li>
        )}
        {downloadVoucher && (
          <li>
            <a
              className="button button-secondary"
              href={`/api/buybacks/${b.id}/documents/voucher`}
              download={`${t('documents.voucherFile')}-${b.identificationNumber}.pdf`}
            >
              {t('documents.voucher')}
            </a>
          </li>
        )}
        {LABEL_CIRCUITS.has(b.circuit.type) && <ShippingLabel buyback={b} />}
      </ul>
    </li>
  );
}

function BuybackDocuments({ ids }: { ids: string[] }) {
  return (
    <ul className="created-list">
      {ids.map((id) => (
        <CreatedBuyback key={id} buybackId={id} />
      ))}
    </ul>
  );
}

/** `/buyback-confirmation`: the buybacks the checkout created, their instructions and documents. */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const visitor = useVisitor();
  const [ids] = useState(() => readConfirmation());
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('confirmation.title', { count: ids?.length ?? 1 }));
  useEffect(() => heading.current?.focus(), []);
  if (!ids || ids.length === 0) return <Navigate to="/" replace />;
  return (
    <div className="container page">
      <h1 ref={heading} tabIndex={-1}>
        {t('confirmation.title', { count: ids.length })}
      </h1>
      <p>{t('confirmation.help')}</p>
      {visitor.status === 'ready' ? <BuybackDocuments ids={ids} /> : <Loading />}
      <p>
        <Link to={docsPath(ids)}>{t('confirmation.docsLink')}</Link>
      </p>
      <div className="actions">
        <Link className="button" to="/search">
          {t('confirmation.another')}
        </Link>
        <Link className="button button-secondary" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}

/** `/buyback-confirmation-docs?ids=`: the documents of these buybacks (the visitor's own only). */
export function ConfirmationDocsPage() {
  const { t } = useTranslation();
  const visitor = useVisitor();
  const [params] = useSearchParams();
  const ids = idsOf(params.get('ids'));
  usePageTitle(t('documents.pageTitle'));
  return (
    <div className="container page">
      <h1>{t('documents.pageTitle')}</h1>
      {ids.length === 0 ? (
        <p>{t('documents.none')}</p>
      ) : visitor.status === 'ready' ? (
        <BuybackDocuments ids={ids} />
      ) : (
        <Loading />
      )}
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </div>
  );
}
