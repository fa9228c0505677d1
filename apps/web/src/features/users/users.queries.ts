import type {
  Collection,
  CreateUserRequest,
  ModuleType,
  PatchUserRequest,
  UserResponse,
  UserType,
} from '@reprise/shared';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { sessionKeys } from '../../app/session.queries';
import { api } from '../../lib/api';
import { useSaveMutation } from '../../lib/save-mutation';

/** Query of `GET /users`: pagination, `order[field]` and the list filters (empty ones are left out). */
export type UsersQuery = Record<string, string | number | null | undefined>;

export interface AssignableUserType {
  moduleType: ModuleType;
  userType: UserType;
}

export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (query: UsersQuery) => [...usersKeys.lists(), query] as const,
  details: () => [...usersKeys.all, 'detail'] as const,
  detail: (id: string) => [...usersKeys.details(), id] as const,
  assignableUserTypes: () => [...usersKeys.all, 'assignable-user-types'] as const,
};

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<UserResponse>>('/users', { query, signal }),
    placeholderData: keepPreviousData,
    // each user's parent organisation by name
    meta: { shows: ['organizations'] },
  });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: usersKeys.detail(id),
    queryFn: ({ signal }) => api.get<UserResponse>(`/users/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/users' } },
  });
}

/** The (module, user type) pairs the signed-in user may grant. */
export function useAssignableUserTypes(enabled = true) {
  return useQuery({
    enabled,
    queryKey: usersKeys.assignableUserTypes(),
    queryFn: async ({ signal }) =>
      (await api.get<{ userTypes: AssignableUserType[] }>('/assignable-user-types', { signal })).userTypes,
    staleTime: 5 * 60_000,
  });
}

function rememberUser(queryClient: QueryClient, user: UserResponse) {
  queryClient.setQueryData(usersKeys.detail(user.id), user);
  return queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
}

export function useCreateUser() {
  return useSaveMutation((body: CreateUserRequest) => api.post<UserResponse>('/users', body), rememberUser);
}

export function useUpdateUser(id: string) {
  return useSaveMutation(
    (patch: PatchUserRequest) => api.patch<UserResponse>(`/users/${id}`, patch),
    (queryClient, user) =>
      Promise.all([
        rememberUser(queryClient, user),
        // Editing oneself changes the session's name, user types or language.
        queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
      ]),
  );
}
