import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { ApiError, clearResourceCache, getJson, postJson } from './api';
import { initCart, maxItemsOf } from './journey/cart';
import { forgetVisitor, mayReload, startVisitor, type Visitor } from './visitor';

type VisitorState =
  | { status: 'starting' }
  | { status: 'failed' }
  | {
      status: 'ready';
      visitor: Visitor;
      features: string[];
      /** The premium-feature connector actions of the account (`imei_lookup`: search by IMEI). */
      connectorActions: string[];
      maxItems: number;
    };

const VisitorContext = createContext<VisitorState>({ status: 'starting' });

/** One start-up per site and page, even when React runs effects twice. */
const starts = new Map<string, ReturnType<typeof startVisitor>>();

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/**
 * Start-up after the config and consent: the anonymous visitor (made when
 * this browser has none), the cart, then the enabled premium features; a 401 there drops the
 * visitor and makes a new one, any other failure reloads the page (once a minute at most).
 */
export function VisitorProvider({ accountId, children }: { accountId: string; children: ReactNode }) {
  const [state, setState] = useState<VisitorState>({ status: 'starting' });
  useEffect(() => {
    let live = true;
    initCart(accountId);
    let start = starts.get(accountId);
    if (!start) {
      start = startVisitor(accountId, {
        storage: storage('localStorage'),
        createVisitor: async () => {
          clearResourceCache();
          return postJson<Visitor>('/api/white-label/visitor');
        },
        premiumFeatures: () =>
          getJson<{ features: string[]; connectorActions: string[] }>('/api/white-label/premium-features'),
      });
      starts.set(accountId, start);
    }
    start.then(
      (result) => {
        if (!live) return;
        if (result.kind === 'ready')
          setState({
            status: 'ready',
            visitor: result.visitor,
            features: result.features,
            connectorActions: result.connectorActions,
            maxItems: maxItemsOf(result.features),
          });
        else if (mayReload(storage('sessionStorage'))) window.location.reload();
        else setState({ status: 'failed' });
      },
      (_error: ApiError) => {
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [accountId]);
  return <VisitorContext.Provider value={state}>{children}</VisitorContext.Provider>;
}

export const useVisitor = () => useContext(VisitorContext);

/**
 * A call refused with 401 during the journey: the visitor's session is gone. The visitor is
 * dropped and the page reloads, which makes a new one (the cart stays in this browser). Answers
 * whether it did so.
 */
export function recoverFromLostSession(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  forgetVisitor(storage('localStorage'));
  if (!mayReload(storage('sessionStorage'))) return false;
  window.location.reload();
  return true;
}
