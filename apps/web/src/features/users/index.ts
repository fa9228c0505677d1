/** What other features use of this one: they import it from here, never from its other files. */
export { useUserForm } from './use-user-form';
export { UserDates } from './user-dates';
export { UserFormView } from './user-form';
export { toUserRequest, userFormValues, userPatch } from './user-form-values';
export type { AssignableUserType } from './users.queries';
export { useAssignableUserTypes, useCreateUser, useUpdateUser, useUser } from './users.queries';
