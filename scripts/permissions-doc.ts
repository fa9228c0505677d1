import {
  ASSIGNABLE_USER_TYPES,
  MODULE_TYPES,
  PERMISSION_MATRIX,
  PERMISSION_NAMES,
  PERMISSIONS,
  USER_TYPES,
  USER_TYPES_BY_MODULE,
} from '@reprise/shared';

/** docs/permissions.md, generated from the registry (`npm run docs:permissions`). */
export function permissionsMarkdown(): string {
  const types = USER_TYPES.filter((t) => t !== 'pseudo_anonymous');
  const lines = [
    '# Permissions',
    '',
    'Generated from `packages/shared/src/permissions.ts` by `npm run docs:permissions`; do not edit by hand.',
    'A user holds one user type per module; a type grants its permissions only in its own module',
    '(platform operators, admin and super_admin, hold theirs in every module). Every API route declares',
    'the permission it needs, and the web app hides what the user may not do, from this same registry.',
    '',
    '## User types by module',
    '',
    '| module | user types |',
    '|---|---|',
    ...MODULE_TYPES.map((m) => `| ${m} | ${USER_TYPES_BY_MODULE[m].join(', ')} |`),
    '',
    '## Matrix',
    '',
    `| permission | ${types.map((t) => t.replaceAll('_', ' ')).join(' | ')} |`,
    `|---|${types.map(() => ':-:').join('|')}|`,
    ...PERMISSION_NAMES.map(
      (p) =>
        `| \`${p}\` ${PERMISSIONS[p]} | ${types.map((t) => (PERMISSION_MATRIX[t].includes(p) ? '✓' : '')).join(' | ')} |`,
    ),
    '',
    '## Who may grant which user type',
    '',
    '| user type | may grant |',
    '|---|---|',
    ...types.map((t) => `| ${t} | ${ASSIGNABLE_USER_TYPES[t].join(', ') || '—'} |`),
    '',
  ];
  return lines.join('\n');
}
