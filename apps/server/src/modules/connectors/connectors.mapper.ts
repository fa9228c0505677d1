import type {
  ConnectorConfigurationResponse,
  ConnectorConfigurationStatus,
  ConnectorResponse,
  ConnectorType,
} from '@reprise/shared';
import type { ConfigurationRow, ConnectorRow } from './connectors.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

export function toConnectorResponse(row: ConnectorRow): ConnectorResponse {
  return {
    id: row.id,
    fqn: row.fqn,
    name: row.name,
    type: row.type as ConnectorType,
    status: row.status as ConnectorConfigurationStatus,
    properties: row.properties,
    actions: row.actions,
  };
}

/**
 * A configuration as the screens read it: its plain values, and for each secret property of its
 * connector only whether a value is stored (the value itself never leaves the server).
 */
export function toConfigurationResponse(row: ConfigurationRow): ConnectorConfigurationResponse {
  const stored = new Set(row.secret_names);
  return {
    id: row.id,
    name: row.name,
    status: row.status as ConnectorConfigurationStatus,
    organization: { id: row.organization_id, commonName: row.organization_name },
    connector: {
      id: row.connector_id,
      fqn: row.connector_fqn,
      name: row.connector_name,
      type: row.connector_type as ConnectorType,
    },
    properties: row.properties,
    secrets: row.connector_properties
      .filter((d) => d.secret)
      .map((d) => ({ name: d.name, set: stored.has(d.name) })),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
