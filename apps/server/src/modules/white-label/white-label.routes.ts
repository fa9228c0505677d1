import {
  HomePageConfigRequest,
  HomePageConfigResponse,
  IdParams,
  IMAGE_MAX_BYTES,
  PatchWhiteLabelSettingsRequest,
  PDF_MAX_BYTES,
  POLICY_FILES,
  PremiumFeaturesResponse,
  PublicCategoriesResponse,
  PublicCountriesResponse,
  PublicHomeResponse,
  PublicLegalResponse,
  PublicSearchQuery,
  PublicSearchResponse,
  PublicStoresResponse,
  SiteListResponse,
  SiteResponse,
  UpdateSiteRequest,
  VISITOR_TOKEN_LIFETIME_MINUTES,
  VisitorResponse,
  WHITE_LABEL_DOCUMENTS,
  WhiteLabelConfigResponse,
  WhiteLabelDocumentParams,
  WhiteLabelSettingsResponse,
} from '@reprise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../platform/auth-hook';
import type { AppDeps } from '../../platform/deps';
import { contextOf, systemContext, visitorContextOf } from '../../platform/request-context';
import { imageVersion, readUploadedFile, sendPolicyFile } from '../accounts';
import { createPostgresProductSearch, sendImage } from '../catalog';
import * as site from './public-site.service';
import * as visitors from './visitor.service';
import * as whiteLabel from './white-label.service';

const tags = ['white-label site'];
const VersionQuery = z.object({ v: z.string().max(64).optional() });

/** A policy PDF: shown in the browser, never sniffed as anything else, no active content. */
function sendPdf(reply: FastifyReply, document: string, pdf: { key: string; data: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${document}.pdf"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'public, no-cache')
    .header('etag', `"${imageVersion(pdf.key)}"`)
    .send(pdf.data);
}

/** The back office's routes of the white-label site: activation, configuration, home page. */
export function registerWhiteLabelRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/white-label/sites',
    {
      config: { permission: 'white_label.activate' },
      schema: { tags, response: { 200: SiteListResponse } },
    },
    async (request) => whiteLabel.listSites(contextOf(request, deps)),
  );

  app.put(
    '/accounts/:id/site',
    {
      config: { permission: 'white_label.activate' },
      schema: { tags, params: IdParams, body: UpdateSiteRequest, response: { 200: SiteResponse } },
    },
    async (request) => whiteLabel.updateSite(contextOf(request, deps), request.params.id, request.body),
  );

  app.get(
    '/accounts/:id/white-label',
    {
      config: { permission: 'design' },
      schema: { tags, params: IdParams, response: { 200: WhiteLabelSettingsResponse } },
    },
    async (request) => whiteLabel.getSettings(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/accounts/:id/white-label',
    {
      config: { permission: 'design' },
      schema: {
        tags,
        params: IdParams,
        body: PatchWhiteLabelSettingsRequest,
        response: { 200: WhiteLabelSettingsResponse },
      },
    },
    async (request) => whiteLabel.patchSettings(contextOf(request, deps), request.params.id, request.body),
  );

  app.put(
    '/accounts/:id/white-label/documents/:document',
    {
      config: { permission: 'design' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: WhiteLabelDocumentParams,
        response: { 200: WhiteLabelSettingsResponse },
      },
    },
    async (request) => {
      const data = await readUploadedFile(request, PDF_MAX_BYTES);
      return whiteLabel.replaceDocument(
        contextOf(request, deps),
        request.params.id,
        request.params.document,
        data,
      );
    },
  );

  app.delete(
    '/accounts/:id/white-label/documents/:document',
    {
      config: { permission: 'design' },
      schema: { tags, params: WhiteLabelDocumentParams, response: { 200: WhiteLabelSettingsResponse } },
    },
    async (request) =>
      whiteLabel.replaceDocument(contextOf(request, deps), request.params.id, request.params.document, null),
  );

  app.get(
    '/accounts/:id/white-label/documents/:document',
    {
      config: { permission: 'design' },
      schema: { tags, params: WhiteLabelDocumentParams, querystring: VersionQuery },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        request.params.document,
        await whiteLabel.readAccountDocument(
          contextOf(request, deps),
          request.params.id,
          request.params.document,
        ),
      ),
  );

  app.get(
    '/accounts/:id/home-page',
    {
      config: { permission: 'design' },
      schema: { tags, params: IdParams, response: { 200: HomePageConfigResponse.nullable() } },
    },
    async (request) => whiteLabel.getHomePage(contextOf(request, deps), request.params.id),
  );

  app.put(
    '/accounts/:id/home-page',
    {
      config: { permission: 'design' },
      // 200,000 characters of HTML may take up to 800 kB in UTF-8
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        params: IdParams,
        body: HomePageConfigRequest,
        response: { 200: HomePageConfigResponse },
      },
    },
    async (request) => whiteLabel.putHomePage(contextOf(request, deps), request.params.id, request.body),
  );

  app.put(
    '/accounts/:id/home-page/banner',
    {
      config: { permission: 'design' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: HomePageConfigResponse },
      },
    },
    async (request) => {
      const data = await readUploadedFile(request, IMAGE_MAX_BYTES);
      return whiteLabel.replaceBanner(contextOf(request, deps), request.params.id, data);
    },
  );

  app.delete(
    '/accounts/:id/home-page/banner',
    {
      config: { permission: 'design' },
      schema: { tags, params: IdParams, response: { 200: HomePageConfigResponse } },
    },
    async (request) => whiteLabel.replaceBanner(contextOf(request, deps), request.params.id, null),
  );

  // public: the banner is shown on the public site; the account named is the only one read
  app.get(
    '/accounts/:id/home-page/banner',
    { config: { public: true }, schema: { tags, params: IdParams, querystring: VersionQuery } },
    async (request, reply) => {
      const ctx = systemContext(deps, { kind: 'account', accountId: request.params.id });
      return sendImage(request, reply, await whiteLabel.readBanner(ctx, request.params.id));
    },
  );

  registerPublicSiteRoutes(fastify, deps);
}

/**
 * The context of a public site's visitor: the site the request's host names (looked up in every
 * account), whose account is the only one the context reaches.
 */
async function siteContextOf(request: FastifyRequest, deps: AppDeps): Promise<site.SiteContext> {
  const account = await site.siteOfHost(systemContext(deps, { kind: 'all' }), request.host);
  return { ...visitorContextOf(request, deps, account.id), site: account };
}

/** What the public site reads, for anyone, resolved by the request's host. */
function registerPublicSiteRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const engine = createPostgresProductSearch(deps.db);
  const siteOf = (request: FastifyRequest) => siteContextOf(request, deps);

  app.get(
    '/white-label/config',
    { config: { public: true }, schema: { tags, response: { 200: WhiteLabelConfigResponse } } },
    async (request) => site.config(await siteOf(request)),
  );

  app.get(
    '/white-label/home',
    { config: { public: true }, schema: { tags, response: { 200: PublicHomeResponse } } },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      return site.home(await siteOf(request));
    },
  );

  app.get(
    '/white-label/legal',
    { config: { public: true }, schema: { tags, response: { 200: PublicLegalResponse } } },
    async (request) => site.legal(await siteOf(request)),
  );

  // the policy PDFs of the general settings, shown by /cgu, /cgs and /faq (docs/general-settings.md)
  app.get(
    '/white-label/legal/:document',
    {
      config: { public: true },
      schema: { tags, params: z.object({ document: z.enum(POLICY_FILES) }), querystring: VersionQuery },
    },
    async (request, reply) =>
      sendPolicyFile(
        reply,
        request.params.document,
        await site.legalFile(await siteOf(request), request.params.document),
      ),
  );

  app.get(
    '/white-label/stores',
    { config: { public: true }, schema: { tags, response: { 200: PublicStoresResponse } } },
    async (request) => site.stores(await siteOf(request)),
  );

  app.get(
    '/white-label/countries',
    { config: { public: true }, schema: { tags, response: { 200: PublicCountriesResponse } } },
    async (request) => site.countries(await siteOf(request)),
  );

  app.get(
    '/white-label/search',
    {
      config: { public: true },
      schema: { tags, querystring: PublicSearchQuery, response: { 200: PublicSearchResponse } },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      return site.search(await siteOf(request), engine, request.query);
    },
  );

  app.get(
    '/white-label/documents/:document',
    {
      config: { public: true },
      schema: {
        tags,
        params: z.object({ document: z.enum(WHITE_LABEL_DOCUMENTS) }),
        querystring: VersionQuery,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        request.params.document,
        await site.document(await siteOf(request), request.params.document),
      ),
  );

  // ---- the anonymous visitor ----

  app.post(
    '/white-label/visitor',
    { config: { public: true }, schema: { tags, response: { 201: VisitorResponse } } },
    async (request, reply) => {
      const { visitor, token } = await visitors.createVisitor(await siteOf(request), {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.secureCookies,
        maxAge: VISITOR_TOKEN_LIFETIME_MINUTES * 60,
      });
      return reply.code(201).send(visitor);
    },
  );

  app.get(
    '/white-label/premium-features',
    {
      config: { permission: ['web_buyback.create', 'web_buyback.read'] },
      schema: { tags, response: { 200: PremiumFeaturesResponse } },
    },
    async (request) => visitors.premiumFeatures(contextOf(request, deps)),
  );

  app.get(
    '/white-label/categories',
    { config: { public: true }, schema: { tags, response: { 200: PublicCategoriesResponse } } },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      return visitors.categories(await siteOf(request));
    },
  );

  app.get(
    '/white-label/categories/:id/image',
    { config: { public: true }, schema: { tags, params: IdParams, querystring: VersionQuery } },
    async (request, reply) =>
      sendImage(request, reply, await visitors.categoryImage(await siteOf(request), request.params.id)),
  );

  app.get(
    '/white-label/products/:id/image',
    { config: { public: true }, schema: { tags, params: IdParams, querystring: VersionQuery } },
    async (request, reply) =>
      sendImage(request, reply, await site.productImage(await siteOf(request), request.params.id)),
  );
}
