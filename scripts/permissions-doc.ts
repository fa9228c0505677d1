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
    '## Own organisation',
    '',
    'A user of an account sees only its own organisation and those below it (platform operators see',
    'every account). Even with `organization.create`, no user may deactivate, delete or re-parent',
    '(move) its own organisation or one above it: the answer is 422 `own_organization_protected`, on',
    '`status` or `parentOrganizationId`, and nothing changes (`ownBranchViolations` in',
    '`apps/server/src/modules/organizations/organization-rules.ts`). The rule holds for platform',
    'operators too, whose own organisation is the platform one; organisations are never deleted through',
    'the API, only deactivated. The other fields of its own organisation stay editable, and the',
    'organisations below it may be deactivated or moved. The entity form shows the status and the',
    "parent of the user's own organisation disabled, with the reason.",
    '',
  ];
  return lines.join('\n');
}
