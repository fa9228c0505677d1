import {
  CreateUserRequest,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  MODULE_TYPES,
  type ModuleType,
  USER_TYPES,
  type UserImportLineResult,
  type UserImportResponse,
  type UserModule,
  type UserType,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { type RequestContext, transact } from '../../platform/request-context';
import { issuePasswordLink } from '../auth';
import {
  parentEntityColumn,
  parseUserImportFile,
  type UserImportRow,
  userTypeColumn,
} from './user-import.csv';
import { renderUserImportDocumentation } from './user-import.documentation';
import * as repo from './user-import.repository';
import { auditSnapshot } from './users.mapper';
import { planModules, resolveModulePlan, ssoFieldViolation } from './users.rules';

/**
 * The batch user import (docs/imports.md): every line of the file is
 * checked as createUser (users.commands.ts) checks a user, with the rules of users.rules.ts; the
 * dry run only answers the result per line, the import writes the valid lines in one transaction.
 */

type LineError = UserImportLineResult['errors'][number];

/** A line that passed every check: the user to create. */
interface ValidLine {
  input: CreateUserRequest;
  accountId: string;
  accountLanguage: string | null;
}

interface CheckedLine {
  row: UserImportRow;
  email: string;
  errors: LineError[];
  valid: ValidLine | null;
}

/** A cell reference to a module's parent entity, before it is looked up. */
interface ModuleCells {
  moduleType: ModuleType;
  userType: UserType;
  reference: string;
}

const TRUE_WORDS = ['yes', 'true', '1', 'oui', 'vrai', 'ja', 'waar', 'wahr'];
const FALSE_WORDS = ['no', 'false', '0', 'non', 'faux', 'nee', 'onwaar', 'nein', 'falsch'];

const error = (field: string | null, code: string, message: string): LineError => ({ field, code, message });

/** The cells of a line as far as they can be read alone (no database). */
function readCells(row: UserImportRow) {
  const errors: LineError[] = [];
  const { cells } = row;
  const modules: ModuleCells[] = [];
  for (const moduleType of MODULE_TYPES) {
    const typeColumn = userTypeColumn(moduleType);
    const parentColumn = parentEntityColumn(moduleType);
    const userType = cells[typeColumn].toLowerCase();
    const reference = cells[parentColumn];
    if (!userType && !reference) continue;
    if (!userType) errors.push(error(typeColumn, 'required', 'A role is needed with a parent entity.'));
    else if (!(USER_TYPES as readonly string[]).includes(userType))
      errors.push(error(typeColumn, 'invalid_user_type', 'This role does not exist.'));
    if (!reference) errors.push(error(parentColumn, 'required', 'A parent entity is needed with a role.'));
    if (errors.length === 0) modules.push({ moduleType, userType: userType as UserType, reference });
  }
  let language: Locale | null = null;
  if (cells.locale) {
    const found = LOCALES.find((l) => l.toLowerCase() === cells.locale.toLowerCase().replace('_', '-'));
    if (found) language = found;
    else errors.push(error('locale', 'invalid_locale', `The locale is one of ${LOCALES.join(', ')}.`));
  }
  let forceSso: boolean | undefined;
  const sso = cells.force_sso.toLowerCase();
  if (TRUE_WORDS.includes(sso)) forceSso = true;
  else if (FALSE_WORDS.includes(sso)) forceSso = false;
  else if (sso) errors.push(error('force_sso', 'invalid_boolean', 'Write yes or no.'));
  return { errors, modules, language, forceSso };
}

/** The column of a violation of createUser's rules (`modules.0.organizationId` is the module's entity). */
function columnOf(path: string, modules: readonly UserModule[]): string | null {
  const [head, index, field] = path.split('.');
  if (head !== 'modules')
    return { language: 'locale', forceConnectionBySso: 'force_sso' }[head as string] ?? head ?? null;
  const module = modules[Number(index)];
  if (!module) return null;
  return field === 'organizationId'
    ? parentEntityColumn(module.moduleType)
    : userTypeColumn(module.moduleType);
}

const fromViolation = (v: Violation, modules: readonly UserModule[]): LineError =>
  error(columnOf(v.propertyPath, modules), v.code, v.message);

/** Checks every line of the file, with two reads whatever its length (e-mails, parent entities). */
async function checkLines(ctx: RequestContext, rows: readonly UserImportRow[]): Promise<CheckedLine[]> {
  const read = rows.map((row) => ({ row, ...readCells(row) }));
  const emails = rows.map((row) => CreateUserRequest.shape.email.safeParse(row.cells.email).data);
  const references = [...new Set(read.flatMap((r) => r.modules.map((m) => m.reference)))];
  const [taken, parents] = await Promise.all([
    repo.findTakenEmails(ctx, [...new Set(emails.filter((e): e is string => Boolean(e)))]),
    repo.findReferencedParents(ctx, references),
  ]);
  const firstLineOf = new Map<string, number>();

  return read.map(({ row, errors, modules: moduleCells, language, forceSso }, index) => {
    const email = emails[index] ?? row.cells.email;
    if (row.malformed)
      return {
        row,
        email,
        valid: null,
        errors: [error(null, 'invalid_line', 'The line has more cells than the header.')],
      };

    // the parent entities named by the line: by id first, else by external id
    const modules: UserModule[] = [];
    const lineParents: repo.ReferencedParent[] = [];
    for (const cell of moduleCells) {
      const byId = parents.filter((p) => p.id === cell.reference.toLowerCase());
      const matches = byId.length ? byId : parents.filter((p) => p.externalId === cell.reference);
      const column = parentEntityColumn(cell.moduleType);
      if (matches.length === 0)
        errors.push(error(column, 'unknown_parent', 'No entity you see has this identifier.'));
      else if (matches.length > 1)
        errors.push(error(column, 'ambiguous_parent', 'Several entities have this identifier: use its id.'));
      else {
        modules.push({
          moduleType: cell.moduleType,
          userType: cell.userType,
          organizationId: matches[0]?.id as string,
        });
        lineParents.push(matches[0] as repo.ReferencedParent);
      }
    }

    const cellErrors = errors.length > 0;
    const parsed = CreateUserRequest.safeParse({
      email: row.cells.email,
      firstname: row.cells.firstname,
      lastname: row.cells.lastname,
      language,
      forceConnectionBySso: forceSso,
      modules,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        // a module left out for its own error is not a missing module
        if (cellErrors && issue.message === 'at_least_one_module') continue;
        const code =
          row.cells[columnOf(path, modules) as keyof typeof row.cells] === '' ? 'required' : issue.message;
        errors.push(fromViolation({ propertyPath: path, code, message: issue.message }, modules));
      }
    }

    const key = email.toLowerCase();
    if (parsed.data || emails[index]) {
      const first = firstLineOf.get(key);
      if (first !== undefined)
        errors.push(error('email', 'duplicate_in_file', `This e-mail is already on line ${first}.`));
      else {
        firstLineOf.set(key, row.line);
        if (taken.has(key)) errors.push(error('email', 'email_not_unique', 'This e-mail is already used.'));
      }
    }
    const sso = ssoFieldViolation(ctx.actor, forceSso, false);
    if (sso) errors.push(fromViolation(sso, modules));
    if (!parsed.success || cellErrors) return { row, email, errors, valid: null };

    const plan = planModules(ctx.actor, [], modules);
    const resolved = resolveModulePlan(ctx.actor, [], modules, plan, lineParents);
    errors.push(...resolved.violations.map((v) => fromViolation(v, modules)));
    if (errors.length) return { row, email, errors, valid: null };
    return {
      row,
      email,
      errors,
      valid: { input: parsed.data, accountId: resolved.accountId, accountLanguage: resolved.accountLanguage },
    };
  });
}

function responseOf(dryRun: boolean, lines: CheckedLine[], ids: Map<string, string>): UserImportResponse {
  const results: UserImportLineResult[] = lines.map((l) => ({
    line: l.row.line,
    email: l.email,
    outcome: l.valid ? 'created' : 'error',
    userId: (l.valid && ids.get(l.valid.input.email)) || null,
    errors: l.errors,
  }));
  const created = results.filter((r) => r.outcome === 'created').length;
  return { dryRun, lines: results, created, errors: results.length - created };
}

/**
 * Checks the file's users; unless it is a dry run, creates the valid ones in one transaction, each
 * as createUser would (audit row, invitation mail job). A file with no valid line creates nothing.
 */
export async function importUsers(
  ctx: RequestContext,
  file: Buffer,
  dryRun: boolean,
): Promise<UserImportResponse> {
  const rows = parseUserImportFile(file);
  if (dryRun) return responseOf(true, await checkLines(ctx, rows), new Map());
  return transact(ctx, async (tx) => {
    // checked again in the transaction that writes: what the dry run saw may have changed
    const lines = await checkLines(tx, rows);
    const valid = lines.flatMap((l) => (l.valid ? [l.valid] : []));
    if (valid.length === 0) return responseOf(false, lines, new Map());
    const ids = await repo.insertUsers(
      tx,
      valid.map(({ input, accountId }) => ({ ...input, accountId })),
    );
    const idOf = (v: ValidLine) => ids.get(v.input.email) as string;
    await repo.insertUsersModules(
      tx,
      valid.flatMap((v) => v.input.modules.map((module) => ({ userId: idOf(v), module }))),
    );
    await audit(
      tx,
      ...valid.map((v) => ({
        action: 'create' as const,
        entityType: 'user' as const,
        entityId: idOf(v),
        accountId: v.accountId,
        after: auditSnapshot({ ...v.input, accountId: v.accountId }),
      })),
    );
    for (const v of valid) {
      if (v.input.status === 'active' && !v.input.forceConnectionBySso)
        await issuePasswordLink(
          tx,
          { id: idOf(v), email: v.input.email, language: v.input.language ?? v.accountLanguage },
          'invite',
        );
    }
    return responseOf(false, lines, ids);
  });
}

/** The documentation of the file, in the asked language, else the request's, else the default. */
export async function userImportDocumentation(
  ctx: RequestContext,
  lang: Locale | undefined,
): Promise<{ data: Buffer; filename: string }> {
  const locale = lang ?? ctx.locale ?? DEFAULT_LOCALE;
  return { data: await renderUserImportDocumentation(locale), filename: `user-import-${locale}.pdf` };
}
