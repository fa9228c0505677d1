import type { NewPasswordRequest, PasswordRenewRequest } from '@reprise/shared';
import { api } from '../../lib/api';

export const authKeys = {
  all: ['auth'] as const,
  resetLink: (token: string) => [...authKeys.all, 'reset-link', token] as const,
};

export interface ResetLink {
  email: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  password: string;
}

/** Always answers 202: whether the account exists is never revealed. */
export function requestPasswordReset(body: PasswordRenewRequest): Promise<void> {
  return api.post<void>('/password/renew', body);
}

/** 404 `reset_link_invalid` when the link is unknown, used or expired. */
export function fetchResetLink(token: string): Promise<ResetLink> {
  return api.get<ResetLink>(`/password/new/${encodeURIComponent(token)}`);
}

export function setNewPassword(token: string, body: NewPasswordRequest): Promise<void> {
  return api.post<void>(`/password/new/${encodeURIComponent(token)}`, body);
}

export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return api.post<void>('/me/password', body);
}
