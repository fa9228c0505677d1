import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api';
import { splitDuration } from '../../ui/format';

const CODES_WITH_MESSAGE = [
  'invalid_credentials',
  'sso_mandatory',
  'no_permissions',
  'account_inactive',
  'validation_failed',
];

/** The message the login form shows for a failed sign-in. */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('errors:network_error');
  if (!(error instanceof ApiError)) return t('auth:login.error.unexpected');
  if (error.code === 'too_many_attempts') {
    if (error.retryAfterSeconds === null) return t('auth:login.error.tooManyAttempts');
    const { minutes, seconds } = splitDuration(error.retryAfterSeconds);
    const wait =
      minutes > 0
        ? t('auth:login.wait.minutesSeconds', { minutes, seconds })
        : t('auth:login.wait.seconds', { seconds });
    return t('auth:login.error.tooManyAttemptsWait', { wait });
  }
  if (CODES_WITH_MESSAGE.includes(error.code)) return t(`auth:login.error.${error.code}`);
  return t('auth:login.error.default');
}

/** The message of a single sign-on that could not start (single sign-on). */
export function singleSignOnErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('errors:network_error');
  if (
    error instanceof ApiError &&
    [
      'sso_organization_not_found',
      'sso_configuration_error',
      'sso_provider_timeout',
      'account_inactive',
    ].includes(error.code)
  )
    return t(`errors:${error.code}`);
  return t('auth:login.error.default');
}
