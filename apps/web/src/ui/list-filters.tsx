import { Box, Button, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import classes from './list-filters.module.css';

/**
 * Changes the address query from its current value. (React Router's functional `setSearchParams`
 * starts from the parameters of the last render, so two quick changes would lose the first.)
 */
export function useUpdateSearchParams(): (update: (params: URLSearchParams) => void) => void {
  const navigate = useNavigate();
  return useCallback(
    (update) => {
      const params = new URLSearchParams(window.location.search);
      update(params);
      navigate({ search: params.toString() }, { preventScrollReset: true });
    },
    [navigate],
  );
}

/** Sets or removes list filters and goes back to the first page. */
export function useSetFilters(): (filters: Record<string, string | null>) => void {
  const updateSearchParams = useUpdateSearchParams();
  return useCallback(
    (filters) =>
      updateSearchParams((params) => {
        for (const [name, value] of Object.entries(filters)) {
          if (value) params.set(name, value);
          else params.delete(name);
        }
        params.delete('page');
      }),
    [updateSearchParams],
  );
}

interface SearchFilterProps {
  label: string;
  placeholder?: string;
  /** The search held by the address. */
  value: string;
  onChange: (value: string | null) => void;
}

/** A list's free-text search: applied as the user pauses typing, or at once with Enter. */
export function SearchFilter({ label, placeholder, value, onChange }: SearchFilterProps) {
  const [text, setText] = useState(value);
  const emitted = useRef(value);
  const emit = useDebouncedCallback((next: string) => {
    emitted.current = next.trim();
    onChange(next.trim() || null);
  }, 400);

  // The address changed by other means (clear button, back button): show its search.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        emit(event.currentTarget.value);
      }}
      // Applied before whatever the user does next (e.g. switching the view).
      onBlur={() => emit.flush()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          emit.flush();
        }
      }}
    />
  );
}

interface FiltersBarProps {
  /** Accessible name of the search landmark. */
  label: string;
  clearLabel: string;
  /** True when a filter is set (the clear button is enabled). */
  active: boolean;
  onClear: () => void;
  children: ReactNode;
}

/** A list's filters in equal columns, as many per row as the width allows, with a button that clears them. */
export function FiltersBar({ label, clearLabel, active, onClear, children }: FiltersBarProps) {
  return (
    <Box role="search" aria-label={label} className={classes.bar}>
      {children}
      <Button
        variant="subtle"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={onClear}
        disabled={!active}
        className={classes.clear}
      >
        {clearLabel}
      </Button>
    </Box>
  );
}
