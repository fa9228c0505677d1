import type { ConnectorPropertyDefinition } from '@reprise/shared';
import type { TFunction } from 'i18next';

/** A connector's name in the user's language (`connectors:connector.<fqn, dots as underscores>`), else the catalogue's. */
export function connectorName(t: TFunction, connector: { fqn: string; name: string }): string {
  return t(`connectors:connector.${connector.fqn.replaceAll('.', '_')}`, { defaultValue: connector.name });
}

/** A property's label (`connectors:property.<name>`), else its name. */
export function propertyLabel(t: TFunction, definition: Pick<ConnectorPropertyDefinition, 'name'>): string {
  return t(`connectors:property.${definition.name}`, { defaultValue: definition.name });
}
