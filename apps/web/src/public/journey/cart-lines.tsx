import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../use-page-title';
import type { CartLine } from './cart';

/** The cart's buybacks; each may be removed after a confirmation (a modal dialog). */
export function CartLines({ lines, onRemove }: { lines: CartLine[]; onRemove?: (line: CartLine) => void }) {
  const { t } = useTranslation();
  const money = useFormatPrice();
  const [removing, setRemoving] = useState<CartLine | null>(null);
  return (
    <>
      <ul className="cart-lines">
        {lines.map((line) => (
          <li key={line.inCartId} className="cart-line" data-testid="cart-line">
            <div className="cart-line-head">
              <h3 className="cart-line-name">{line.product.name}</h3>
              <p className="cart-line-price">{money(line.price.totalCents)}</p>
            </div>
            <p className="muted small">
              {line.shippingMethod.name} · {line.paymentMethod.label}
            </p>
            {line.answerSummary.length > 0 && (
              <ul className="answer-list small">
                {line.answerSummary.map((answer) => (
                  <li key={answer.questionTitle}>
                    <span className="muted">{answer.questionTitle}</span> {answer.answerTitles.join(', ')}
                  </li>
                ))}
              </ul>
            )}
            {onRemove && (
              <button
                type="button"
                className="link-button"
                onClick={() => setRemoving(line)}
                aria-label={t('cart.removeLabel', { name: line.product.name })}
              >
                {t('cart.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {removing && onRemove && (
        <ConfirmDialog
          title={t('cart.removeTitle')}
          text={t('cart.removeText', { name: removing.product.name })}
          confirm={t('cart.removeConfirm')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const line = removing;
            setRemoving(null);
            onRemove(line);
          }}
        />
      )}
    </>
  );
}

/** A native modal dialog: focus moves in and back, Escape cancels. */
function ConfirmDialog({
  title,
  text,
  confirm,
  onCancel,
  onConfirm,
}: {
  title: string;
  text: string;
  confirm: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    return () => element?.close?.();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="dialog-title"
      aria-describedby="dialog-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="dialog-title">{title}</h2>
      <p id="dialog-text">{text}</p>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('cart.cancel')}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
