import type {
  Collection,
  ConnectorConfigurationInput,
  ConnectorConfigurationPatchRequest,
  ConnectorConfigurationResponse,
  ConnectorResponse,
} from '@reprise/shared';
import { CONNECTOR_PAGE_SIZE } from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { refurbishmentFeaturesKeys } from './refurbishment-features';

/**
 * Connectors (modules/connectors on the server): the catalogue, read once in its page of 500, and
 * the configurations of the account's organisations (spec path `connector-organizations`).
 */
const connectorsKeys = {
  all: ['connectors'] as const,
  catalogue: () => [...connectorsKeys.all, 'catalogue'] as const,
  connector: (id: string) => [...connectorsKeys.all, 'connector', id] as const,
  configurations: () => [...connectorsKeys.all, 'configurations'] as const,
  configurationLists: () => [...connectorsKeys.configurations(), 'list'] as const,
  configurationList: (query: Record<string, unknown>) =>
    [...connectorsKeys.configurationLists(), query] as const,
  configuration: (id: string) => [...connectorsKeys.configurations(), 'detail', id] as const,
};

export type ConfigurationsQuery = Record<string, string | number | undefined>;

/** `GET /connectors`: the whole catalogue (reference data: kept a while). */
export function useConnectorCatalogue() {
  return useQuery({
    queryKey: connectorsKeys.catalogue(),
    queryFn: ({ signal }) =>
      api.get<Collection<ConnectorResponse>>('/connectors', {
        query: { itemsPerPage: CONNECTOR_PAGE_SIZE },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useConnector(id: string) {
  return useQuery({
    queryKey: connectorsKeys.connector(id),
    enabled: id !== '',
    queryFn: ({ signal }) => api.get<ConnectorResponse>(`/connectors/${id}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useConfigurations(query: ConfigurationsQuery) {
  return useQuery({
    queryKey: connectorsKeys.configurationList(query),
    queryFn: ({ signal }) =>
      api.get<Collection<ConnectorConfigurationResponse>>('/connector-organizations', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useConfiguration(id: string) {
  return useQuery({
    queryKey: connectorsKeys.configuration(id),
    queryFn: ({ signal }) =>
      api.get<ConnectorConfigurationResponse>(`/connector-organizations/${id}`, { signal }),
  });
}

function useAfterWrite() {
  const queryClient = useQueryClient();
  return (configuration?: ConnectorConfigurationResponse) => {
    if (configuration)
      queryClient.setQueryData(connectorsKeys.configuration(configuration.id), configuration);
    // a refurbishment connector switches the menus of the refurbishment features
    void queryClient.invalidateQueries({ queryKey: refurbishmentFeaturesKeys.all });
    return queryClient.invalidateQueries({ queryKey: connectorsKeys.configurationLists() });
  };
}

export function useCreateConfiguration() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (body: ConnectorConfigurationInput) =>
      api.post<ConnectorConfigurationResponse>('/connector-organizations', body),
    meta: { handlesErrors: true },
    onSuccess: (configuration) => afterWrite(configuration),
  });
}

export function useUpdateConfiguration(id: string) {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (body: ConnectorConfigurationPatchRequest) =>
      api.patch<ConnectorConfigurationResponse>(`/connector-organizations/${id}`, body),
    meta: { handlesErrors: true },
    onSuccess: (configuration) => afterWrite(configuration),
  });
}

export function useDeleteConfiguration() {
  const queryClient = useQueryClient();
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/connector-organizations/${id}`),
    meta: { handlesErrors: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: connectorsKeys.configuration(id) });
      return afterWrite();
    },
  });
}
