import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="container page-state" role="status">
      {t('loading')}
    </p>
  );
}

export function LoadError() {
  const { t } = useTranslation();
  return (
    <p className="container page-state" role="alert">
      {t('loadError')}
    </p>
  );
}

/**
 * The page of a mail's link once it has an outcome (done, already answered, not valid, failed):
 * its heading, focused by the page so that it is announced, the notice and the way home.
 */
export function LinkOutcome(props: {
  testId: string;
  state: string;
  headingRef: Ref<HTMLHeadingElement>;
  title: string;
  notice: string;
  tone: 'error' | 'success' | 'neutral';
  home: string;
}) {
  const error = props.tone === 'error';
  return (
    <div className="container page prose" data-testid={props.testId} data-state={props.state}>
      <h1 ref={props.headingRef} tabIndex={-1}>
        {props.title}
      </h1>
      <p
        className={props.tone === 'neutral' ? 'notice' : `notice notice-${props.tone}`}
        role={error ? 'alert' : 'status'}
      >
        {props.notice}
      </p>
      <div className="actions">
        <Link className="button button-secondary" to="/">
          {props.home}
        </Link>
      </div>
    </div>
  );
}
