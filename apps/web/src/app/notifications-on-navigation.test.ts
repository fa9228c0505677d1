import { createNotificationsStore, notifications } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { closeNotificationsOnNavigation, type NavigationSource } from './notifications-on-navigation';

type Listener = Parameters<NavigationSource['subscribe']>[0];

/** A router that only has a path: `go` starts a navigation, `arrive` ends it. */
function fakeRouter(pathname: string) {
  const listeners = new Set<Listener>();
  const router = {
    state: { location: { pathname }, navigation: {} as { location?: { pathname: string } } },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(to: string) {
      router.state = { ...router.state, navigation: { location: { pathname: to } } };
      for (const listener of listeners) listener(router.state);
    },
    arrive() {
      const to = router.state.navigation.location?.pathname ?? router.state.location.pathname;
      router.state = { location: { pathname: to }, navigation: {} };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const shownIds = (store: ReturnType<typeof createNotificationsStore>) =>
  store.getState().notifications.map((n) => n.id);

describe('messages on navigation', () => {
  it('a message shown on a page closes when another page opens', async () => {
    const store = createNotificationsStore();
    const router = fakeRouter('/design');
    closeNotificationsOnNavigation(router, store);
    notifications.show({ id: 'saved', color: 'green', message: 'Saved' }, store);
    await nextTask();
    router.go('/users');
    expect(shownIds(store)).toEqual([]);
  });

  it('a message shown just before the navigation it leads to stays for the next page', async () => {
    const store = createNotificationsStore();
    const router = fakeRouter('/stocks/1/edit');
    closeNotificationsOnNavigation(router, store);
    notifications.show({ id: 'old', color: 'green', message: 'An earlier message' }, store);
    await nextTask();
    // a save's success: the message, then back to the list, in the same task
    notifications.show({ id: 'deleted', color: 'green', message: 'Deleted' }, store);
    router.go('/stocks');
    router.arrive();
    expect(shownIds(store)).toEqual(['deleted']);
    // and it closes when the user goes on
    await nextTask();
    router.go('/home');
    expect(shownIds(store)).toEqual([]);
  });

  it('a change of filters or page on the same screen keeps its messages', async () => {
    const store = createNotificationsStore();
    const router = fakeRouter('/searchPayment');
    closeNotificationsOnNavigation(router, store);
    notifications.show({ id: 'paid', color: 'green', message: 'Marked as paid' }, store);
    await nextTask();
    router.go('/searchPayment');
    router.arrive();
    expect(shownIds(store)).toEqual(['paid']);
  });
});
