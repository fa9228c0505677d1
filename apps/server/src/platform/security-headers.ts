import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from './config';

/**
 * The origins the tag manager needs on a public site once the visitor consented to audience
 * measurement: the container and gtag.js, and Google Analytics 4's collection endpoints
 * (docs/security.md, "Security headers").
 */
const TAG_MANAGER_ORIGINS = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
} as const;

type Directives = Record<string, string[]>;

export interface PolicyOptions {
  /** A retailer's public site: its home page's HTML block may show images from any HTTPS host. */
  publicSite: boolean;
  /** The site's tag manager may run (an active site with one, and the visitor's consent). */
  tagManager: boolean;
  /** Served over HTTPS (SECURE_COOKIES=true): any stray http:// sub-resource is upgraded. */
  secure: boolean;
}

/**
 * The Content-Security-Policy directives of a page (docs/security.md, "Security headers"): our own
 * scripts only, inline styles allowed (Mantine and the theme write them), never framed.
 */
function cspDirectives({ publicSite, tagManager, secure }: PolicyOptions): Directives {
  const gtm = publicSite && tagManager;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...(gtm ? TAG_MANAGER_ORIGINS.script : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...(publicSite ? ['https:'] : []),
      ...(gtm ? TAG_MANAGER_ORIGINS.img : []),
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(gtm ? TAG_MANAGER_ORIGINS.connect : [])],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response, with the back office's policy; a public site's page gets its
 * own through `applyPublicSitePolicy`. HSTS only with SECURE_COOKIES=true, the setting that
 * declares the deployment HTTPS-only.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({ publicSite: false, tagManager: false, secure: config.secureCookies }),
    },
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 365 * 24 * 3600, includeSubDomains: true, preload: false }
      : false,
    // same-origin keeps Referer for our own requests, and sends nothing (reset tokens in URLs) elsewhere
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}

/** Replaces the back office's policy by a public site's on this reply. */
export function applyPublicSitePolicy(
  reply: FastifyReply,
  config: Config,
  options: Pick<PolicyOptions, 'tagManager'>,
): void {
  reply.helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({
        publicSite: true,
        tagManager: options.tagManager,
        secure: config.secureCookies,
      }),
    },
  });
}
