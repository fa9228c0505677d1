import { CheckIcon, CloseButton, Combobox, Group, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import type { CategoryTreeNode } from '@reprise/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FlatCategory,
  flattenTree,
  normalizeText,
  splitSelection,
  truncateLabel,
} from './category-tree';

interface CategoryMultiSelectProps {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  tree: readonly CategoryTreeNode[];
  value: string[];
  onChange: (ids: string[]) => void;
  /** Categories that may not be chosen (e.g. the main category of a product). */
  exclude?: ReadonlySet<string>;
  /** Only this catalogue's categories are offered (platform operators see several). */
  accountId?: string | null;
  error?: ReactNode;
  disabled?: boolean;
}

const matches = (category: FlatCategory, search: string) =>
  !search || normalizeText(category.path.join(' ')).includes(search) || category.identifier.includes(search);

/**
 * Several categories picked from the tree (indented by depth, searchable). Labels are cut at 40
 * characters; a long selection shows 30 of them, then "and N others".
 */
export function CategoryMultiSelect({
  label,
  description,
  placeholder,
  tree,
  value,
  onChange,
  exclude,
  accountId,
  error,
  disabled,
}: CategoryMultiSelectProps) {
  const { t } = useTranslation('catalog');
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const categories = useMemo(
    () => flattenTree(tree).filter((c) => !accountId || c.accountId === accountId),
    [tree, accountId],
  );
  const byId = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);
  const selected = new Set(value);
  const wanted = normalizeText(search);
  const options = categories.filter((c) => !exclude?.has(c.id) && matches(c, wanted));

  const toggle = (id: string) => {
    onChange(selected.has(id) ? value.filter((v) => v !== id) : [...value, id]);
    setSearch('');
  };
  const remove = (id: string) => onChange(value.filter((v) => v !== id));
  const { shown, others } = splitSelection(value);
  const nameOf = (id: string) => byId.get(id)?.label ?? t('categorySelect.unknown');

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} disabled={disabled}>
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          description={description}
          error={error}
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
          rightSection={
            value.length > 0 && !disabled ? (
              <CloseButton
                size="sm"
                aria-label={t('categorySelect.clear')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChange([])}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
        >
          <Pill.Group>
            {shown.map((id) => (
              <Pill
                key={id}
                withRemoveButton={!disabled}
                onRemove={() => remove(id)}
                removeButtonProps={{ 'aria-label': t('categorySelect.remove', { name: nameOf(id) }) }}
                title={byId.get(id)?.path.join(' › ')}
              >
                {truncateLabel(nameOf(id))}
              </Pill>
            ))}
            {others > 0 && <Pill>{t('categorySelect.others', { count: others })}</Pill>}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={value.length === 0 ? placeholder : undefined}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                    event.preventDefault();
                    remove(value[value.length - 1]!);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={label}>
          {options.length === 0 ? (
            <Combobox.Empty>{t('categorySelect.nothingFound')}</Combobox.Empty>
          ) : (
            options.map((category) => {
              const active = selected.has(category.id);
              return (
                <Combobox.Option value={category.id} key={category.id} active={active} aria-selected={active}>
                  <Group gap={6} wrap="nowrap" pl={wanted ? 0 : category.depth * 14}>
                    {active ? <CheckIcon size={12} aria-hidden /> : <span style={{ width: 12 }} />}
                    <Text size="sm" span title={category.path.join(' › ')}>
                      {truncateLabel(
                        wanted ? category.path.join(' › ') : category.label,
                        wanted ? 80 : undefined,
                      )}
                    </Text>
                  </Group>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
