import { type NotificationsStore, notifications, notificationsStore } from '@mantine/notifications';

/** How long a message stays on screen when nobody closes it or leaves the page (ms). */
export const NOTIFICATION_AUTO_CLOSE_MS = 4000;

/** What this needs of the data router: its current path and its changes (react-router's `createBrowserRouter`). */
export interface NavigationSource {
  state: { location: { pathname: string } };
  subscribe(listener: (state: RouterStateLike) => void): () => void;
}

interface RouterStateLike {
  location: { pathname: string };
  navigation: { location?: { pathname: string } };
}

/**
 * Messages (Mantine notifications) belong to the page that showed them: when the path changes, the
 * ones already on screen close. A message shown in the same task as the navigation (a save that
 * then goes back to the list) is meant for the next page and stays, until its time runs out.
 */
export function closeNotificationsOnNavigation(
  router: NavigationSource,
  store: NotificationsStore = notificationsStore,
): () => void {
  const seen = new Set<string>();
  const fresh = new Set<string>();
  let clearScheduled = false;
  const idsOf = () => {
    const { notifications: shown, queue } = store.getState();
    return [...shown, ...queue].map((n) => n.id).filter((id): id is string => id !== undefined);
  };
  const unsubscribeStore = store.subscribe(() => {
    const ids = idsOf();
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      fresh.add(id);
    }
    for (const id of seen) if (!ids.includes(id)) seen.delete(id);
    if (!clearScheduled && fresh.size > 0) {
      clearScheduled = true;
      setTimeout(() => {
        fresh.clear();
        clearScheduled = false;
      }, 0);
    }
  });

  let path = router.state.location.pathname;
  const unsubscribeRouter = router.subscribe((state) => {
    // the path navigated to: known as soon as the navigation starts (a lazy screen may load first)
    const next = state.navigation.location?.pathname ?? state.location.pathname;
    if (next === path) return; // a filter or a page of the same screen keeps its messages
    path = next;
    for (const id of idsOf()) if (!fresh.has(id)) notifications.hide(id, store);
  });

  return () => {
    unsubscribeStore();
    unsubscribeRouter();
  };
}
