import { type BaseContext, transact } from '../../platform/request-context';
import { hashToken, newToken } from '../../platform/security';
import * as repo from './links.repository';
import { type TrackingLink, trackingUrls } from './links.urls';

/**
 * A buyback's tracking link (docs/tracking.md, "The token"): 256 random bits, base64url, neither the
 * buyback's id nor its number. Its SHA-256 finds it; the token is kept encrypted with the data
 * keyring because it is shown again (every later mail, the documents' QR codes, the back office's
 * detail). Issued lazily: the first mail, document or screen that needs it issues it.
 */

/** The keyring purpose of a stored token: a value of another purpose never decrypts as one. */
const TOKEN_PURPOSE = 'tracking-link';

/** A buyback another module resolved: its id and its (retailer) account. */
export interface TrackedBuyback {
  id: string;
  account_id: string;
}

/** The context's reads and writes narrowed to the buyback's account (its caller resolved it). */
const inAccount = <C extends BaseContext>(ctx: C, accountId: string): C => ({
  ...ctx,
  scope: { kind: 'account', accountId },
});

/**
 * The live link of a buyback, issued now when it has none (joining the caller's transaction, else in
 * one of its own); null when the retailer has no site address to open it on.
 */
export async function trackingLinkOf(
  ctx: BaseContext,
  buyback: TrackedBuyback,
  options: { createdBy?: string | null } = {},
): Promise<TrackingLink | null> {
  const scoped = inAccount(ctx, buyback.account_id);
  const site = await repo.findSite(scoped, buyback.account_id);
  if (!site || (!site.site_slug && !site.site_domain)) return null;
  const live = await transact(scoped, async (tx) => {
    const found = await repo.findLiveLink(tx, buyback.id);
    if (found) return found;
    const { token, hash } = newToken();
    await repo.insertLink(tx, {
      accountId: buyback.account_id,
      buybackId: buyback.id,
      tokenHash: hash,
      tokenEncrypted: tx.deps.keyring.encrypt(TOKEN_PURPOSE, token),
      createdBy: options.createdBy ?? null,
    });
    return repo.findLiveLink(tx, buyback.id);
  });
  if (!live) return null;
  const token = ctx.deps.keyring.decrypt(TOKEN_PURPOSE, live.token_encrypted);
  const urls = trackingUrls(ctx.deps.config.publicUrl, site, token);
  return urls && { token, ...urls, createdAt: new Date(live.created_at) };
}

/** The link a token names, live or revoked, in any account; undefined for an unknown token. */
export const findLinkOfToken = (ctx: BaseContext, token: string) =>
  repo.findLinkByHash(ctx, hashToken(token));

/** The token of a stored link (the back office shows the live link's address). */
export const tokenOf = (ctx: BaseContext, link: { token_encrypted: string }) =>
  ctx.deps.keyring.decrypt(TOKEN_PURPOSE, link.token_encrypted);
