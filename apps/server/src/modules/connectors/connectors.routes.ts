import {
  ConnectorCollectionResponse,
  ConnectorConfigurationCollectionResponse,
  ConnectorConfigurationPatchRequest,
  ConnectorConfigurationRequest,
  ConnectorConfigurationResponse,
  ConnectorIdParams,
  ConnectorResponse,
  IdParams,
  ListConnectorConfigurationsQuery,
  ListConnectorsQuery,
  PremiumActionQuery,
  PremiumActionResponse,
  RefurbishmentFeaturesResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as connectors from './connectors.service';

const tags = ['connectors'];

/**
 * Connectors: the catalogue (`GET connectors`), the configurations of
 * the account's organisations (`connector-organizations`), both with `connector.configuration`,
 * and the premium-feature actions (`GET organizations/launch-generic-premium-feature-connector`)
 * a public site's visitor and the account's wizard users run.
 */
export function registerConnectorRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const configure = { permission: 'connector.configuration' } as const;

  app.get(
    '/connectors',
    {
      config: configure,
      schema: { tags, querystring: ListConnectorsQuery, response: { 200: ConnectorCollectionResponse } },
    },
    async (request) =>
      pageResponse(
        await connectors.listConnectors(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/connectors/:id',
    { config: configure, schema: { tags, params: ConnectorIdParams, response: { 200: ConnectorResponse } } },
    async (request) => connectors.getConnector(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/connector-organizations',
    {
      config: configure,
      schema: {
        tags,
        querystring: ListConnectorConfigurationsQuery,
        response: { 200: ConnectorConfigurationCollectionResponse },
      },
    },
    async (request) =>
      pageResponse(
        await connectors.listConfigurations(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.post(
    '/connector-organizations',
    {
      config: configure,
      schema: {
        tags,
        body: ConnectorConfigurationRequest,
        response: { 201: ConnectorConfigurationResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await connectors.createConfiguration(contextOf(request, deps), request.body)),
  );

  app.get(
    '/connector-organizations/:id',
    {
      config: configure,
      schema: { tags, params: IdParams, response: { 200: ConnectorConfigurationResponse } },
    },
    async (request) => connectors.getConfiguration(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/connector-organizations/:id',
    {
      config: configure,
      schema: {
        tags,
        params: IdParams,
        body: ConnectorConfigurationPatchRequest,
        response: { 200: ConnectorConfigurationResponse },
      },
    },
    async (request) =>
      connectors.updateConfiguration(contextOf(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/connector-organizations/:id',
    { config: configure, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await connectors.deleteConfiguration(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/organizations/launch-generic-premium-feature-connector',
    {
      // the public site's visitor (white-label/premium-features) and the account's wizard users
      config: { permission: ['web_buyback.create', 'web_buyback.read', 'buyback.create'] },
      schema: { tags, querystring: PremiumActionQuery, response: { 200: PremiumActionResponse } },
    },
    async (request) => connectors.launchPremiumAction(contextOf(request, deps), request.query),
  );

  // the menus of the back office hide the refurbishment features the account switched off
  app.get(
    '/refurbishment-features',
    { config: { authenticated: true }, schema: { tags, response: { 200: RefurbishmentFeaturesResponse } } },
    async (request) => connectors.getRefurbishmentFeatures(contextOf(request, deps)),
  );
}
