import { ApiError } from './api';

/**
 * The anonymous visitor: a `pseudo_anonymous` user of the site's account,
 * whose session lives in the HttpOnly session cookie. This browser keeps only its id (nothing
 * secret) to know whether it already has one; the enabled premium features come with it.
 */

export interface Visitor {
  id: string;
  accountId: string;
}

export const VISITOR_KEY = 'reprise.public.visitor';

export interface VisitorDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** `POST /api/white-label/visitor`. */
  createVisitor(): Promise<Visitor>;
  /** `GET /api/white-label/premium-features`. */
  premiumFeatures(): Promise<{ features: string[]; connectorActions?: string[] }>;
}

export type VisitorStart =
  | { kind: 'ready'; visitor: Visitor; features: string[]; connectorActions: string[] }
  /** Premium features failed otherwise than 401: the page reloads. */
  | { kind: 'reload' };

export function readVisitor(storage: VisitorDeps['storage'], accountId: string): Visitor | null {
  try {
    const value = JSON.parse(storage?.getItem(VISITOR_KEY) ?? 'null') as Visitor | null;
    return value && typeof value.id === 'string' && value.accountId === accountId ? value : null;
  } catch {
    return null;
  }
}

function saveVisitor(storage: VisitorDeps['storage'], visitor: Visitor): void {
  try {
    storage?.setItem(VISITOR_KEY, JSON.stringify({ id: visitor.id, accountId: visitor.accountId }));
  } catch {
    // refused storage: a new visitor is made at the next visit
  }
}

export function forgetVisitor(storage: VisitorDeps['storage']): void {
  try {
    storage?.removeItem(VISITOR_KEY);
  } catch {
    // nothing stored
  }
}

async function newVisitor(deps: VisitorDeps): Promise<Visitor> {
  const visitor = await deps.createVisitor();
  saveVisitor(deps.storage, visitor);
  return visitor;
}

/**
 * The visitor of this browser (made when there is none), then its premium features. A 401 there
 * means the session is gone: the visitor is dropped and a new one made (once); any other failure
 * asks for a reload. A failure to make a visitor rejects (the caller shows the error).
 */
export async function startVisitor(accountId: string, deps: VisitorDeps): Promise<VisitorStart> {
  let visitor = readVisitor(deps.storage, accountId) ?? (await newVisitor(deps));
  for (let attempt = 0; ; attempt++) {
    try {
      const { features, connectorActions = [] } = await deps.premiumFeatures();
      return { kind: 'ready', visitor, features, connectorActions };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && attempt === 0) {
        forgetVisitor(deps.storage);
        visitor = await newVisitor(deps);
        continue;
      }
      return { kind: 'reload' };
    }
  }
}

const RELOAD_KEY = 'reprise.public.reloadedAt';
/** One automatic reload per minute at most: a server that stays down does not loop the page. */
const RELOAD_GUARD_MS = 60_000;

/** True when the page may reload now (and remembers it); false when it just did. */
export function mayReload(storage: Pick<Storage, 'getItem' | 'setItem'> | null, now = Date.now()): boolean {
  try {
    const last = Number(storage?.getItem(RELOAD_KEY) ?? 0);
    if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
    storage?.setItem(RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}
