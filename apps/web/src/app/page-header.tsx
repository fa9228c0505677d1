import type { MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useEffect, useId, useSyncExternalStore } from 'react';

export interface PageHeaderBreadcrumb {
  label: string;
  to?: string;
}

export interface PageHeaderAction {
  label: string;
  icon?: Icon;
  onClick?: () => void;
  /** A link instead of a handler. */
  to?: string;
  color?: MantineColor;
}

/** The subheader of the dashboard: breadcrumbs, title, icon and one or two actions. */
export interface PageHeaderOptions {
  title: string;
  icon?: Icon;
  breadcrumbs?: PageHeaderBreadcrumb[];
  actions?: PageHeaderAction[];
}

interface Entry {
  owner: string;
  header: PageHeaderOptions;
}

let current: Entry | null = null;
const listeners = new Set<() => void>();

function emit(next: Entry | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Declares the header of the screen that calls it. It follows every render (fresh handlers) and is
 * removed when the screen unmounts, so each navigation starts with an empty header.
 */
export function usePageHeader(header: PageHeaderOptions): void {
  const owner = useId();
  useEffect(() => {
    emit({ owner, header });
  });
  useEffect(
    () => () => {
      if (current?.owner === owner) emit(null);
    },
    [owner],
  );
}

/** The header declared by the current screen, if any (the dashboard layout renders it). */
export function useCurrentPageHeader(): PageHeaderOptions | null {
  return useSyncExternalStore(subscribe, () => current)?.header ?? null;
}
