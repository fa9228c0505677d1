import {
  type CreateUserInput,
  type Locale,
  type ModuleType,
  PARENT_TYPE_OF_USER_TYPE,
  type PatchUserRequest,
  type Status,
  type UserResponse,
  type UserType,
} from '@reprise/shared';

/** One "module and user type" row of the user form; its organisation's name is kept to show it. */
export interface UserModuleRow {
  key: string;
  moduleType: ModuleType | null;
  userType: UserType | null;
  organizationId: string | null;
  organizationName: string | null;
  /** False for a held user type the signed-in user may not change (the server keeps it as it is). */
  manageable: boolean;
}

export interface UserFormValues {
  email: string;
  firstname: string;
  lastname: string;
  status: Status;
  forceConnectionBySso: boolean;
  /** Null: the account's language applies. */
  language: Locale | null;
  modules: UserModuleRow[];
}

let rowCount = 0;
/** A stable React key for a new row (rows are added and removed). */
function rowKey(): string {
  rowCount += 1;
  return `module-row-${rowCount}`;
}

export function emptyModuleRow(moduleType: ModuleType | null = null): UserModuleRow {
  return {
    key: rowKey(),
    moduleType,
    userType: null,
    organizationId: null,
    organizationName: null,
    manageable: true,
  };
}

/** The form's values for an existing user, or for a new one (one empty module row). */
export function userFormValues(user?: UserResponse, defaultModule: ModuleType | null = null): UserFormValues {
  if (!user) {
    return {
      email: '',
      firstname: '',
      lastname: '',
      status: 'active',
      forceConnectionBySso: false,
      language: null,
      modules: [emptyModuleRow(defaultModule)],
    };
  }
  return {
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    status: user.status,
    forceConnectionBySso: user.forceConnectionBySso,
    language: user.language,
    modules: user.modules.map((m) => ({
      key: rowKey(),
      moduleType: m.moduleType,
      userType: m.userType,
      organizationId: m.organizationId,
      organizationName: m.organizationName,
      manageable: m.manageable,
    })),
  };
}

/** A row after its module changed: the user type and organisation belonged to the old module. */
export function withModule(row: UserModuleRow, moduleType: ModuleType | null): UserModuleRow {
  return { ...row, moduleType, userType: null, organizationId: null, organizationName: null };
}

/** A row after its user type changed: the organisation stays only if the new type takes the same kind. */
export function withUserType(row: UserModuleRow, userType: UserType | null): UserModuleRow {
  const before = row.userType ? PARENT_TYPE_OF_USER_TYPE[row.userType].join() : '';
  const after = userType ? PARENT_TYPE_OF_USER_TYPE[userType].join() : '';
  return before === after
    ? { ...row, userType }
    : { ...row, userType, organizationId: null, organizationName: null };
}

/** Paths of the row fields still empty (`modules.0.userType`), reported as required. */
export function missingModuleFields(values: UserFormValues): string[] {
  return values.modules.flatMap((row, index) =>
    (['moduleType', 'userType', 'organizationId'] as const)
      .filter((field) => row[field] === null)
      .map((field) => `modules.${index}.${field}`),
  );
}

/**
 * The request body for the values. Force-SSO is sent only by those allowed to set it.
 * Rows still incomplete are sent as they are, for the schema to report them.
 */
export function toUserRequest(values: UserFormValues, canForceSso: boolean): CreateUserInput {
  return {
    email: values.email,
    firstname: values.firstname,
    lastname: values.lastname,
    status: values.status,
    language: values.language,
    ...(canForceSso ? { forceConnectionBySso: values.forceConnectionBySso } : {}),
    modules: values.modules.map((row) => ({
      moduleType: row.moduleType as ModuleType,
      userType: row.userType as UserType,
      organizationId: row.organizationId as string,
    })),
  };
}

/** The merge-patch for an edit: only the fields that changed. */
export function userPatch(
  initial: UserFormValues,
  values: UserFormValues,
  canForceSso: boolean,
): PatchUserRequest {
  const before = toUserRequest(initial, canForceSso);
  const after = toUserRequest(values, canForceSso);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CreateUserInput)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch as PatchUserRequest;
}
