import type { ErasureCertificateResponse, ItemErasureCertificatesResponse, Locale } from '@reprise/shared';
import type { PdfDocument } from '../../platform/documents';
import { AppError, tooManyAttempts } from '../../platform/errors';
import type { BaseContext, RequestContext, TxContext } from '../../platform/request-context';
import { resolveSiteHost } from '../../platform/site-host';
import { countAttempt } from '../auth';
import type { ItemRow } from '../buyback-lifecycle';
import { resolveItem } from '../buyback-lifecycle';
import { siteOfHost, siteUrl } from '../white-label';
import { certificateFileName, renderErasureCertificate } from './erasure-certificate.pdf';
import * as repo from './erasure-certificates.repository';
import { maskButLast4, newVerificationCode } from './erasure-certificates.rules';
import type { StepRow } from './item-refurb-steps.repository';

/**
 * Data-erasure certificates (docs/refurbishment.md): issued in the transaction that validates a
 * `data_erasure` service, read by the warehouse and by the retailer (whoever sees the item,
 * permission `buyback.detail`), and checked by anyone on the retailer's public site by its code.
 */

const notFound = () =>
  new AppError('erasure_certificate_not_found', 'No erasure certificate has this verification code.');

/** The public check's limit per client address: the litigation page's (litigation.service.ts). */
const PUBLIC_LIMIT = { windowMs: 15 * 60_000, allowed: 100, firstBlockMs: 60_000, maxBlockMs: 60 * 60_000 };

const iso = (d: Date | string) => new Date(d).toISOString();

function toResponse(row: repo.CertificateRow, masked: boolean): ErasureCertificateResponse {
  return {
    id: row.id,
    verificationCode: row.verification_code,
    itemIdentificationNumber: row.item_identification_number,
    productName: row.product_name,
    imei: masked ? maskButLast4(row.imei) : row.imei,
    serialNumber: masked ? maskButLast4(row.serial_number) : row.serial_number,
    method: row.method,
    operatorName: row.operator_name,
    warehouseName: row.warehouse_name,
    erasedAt: iso(row.erased_at),
  };
}

/** "Apple iPhone 13": the brand before the product's name, unless the name already starts with it. */
const deviceName = (brand: string | null, name: string) =>
  brand && !name.toLowerCase().startsWith(brand.toLowerCase()) ? `${brand} ${name}` : name;

/**
 * Issues the certificate of a validated data-erasure service, in the command's transaction: the
 * facts are copied as they are now (the certificate does not change if the item does).
 */
export async function issueCertificate(
  tx: TxContext,
  item: ItemRow,
  step: StepRow,
  operatorName: string,
): Promise<repo.CertificateRow> {
  let code = newVerificationCode();
  // 32^16 codes: a collision is all but impossible, yet the unique index would fail the command
  while (await repo.codeExists(tx, code)) code = newVerificationCode();
  return repo.insertCertificate(tx, {
    item_id: item.id,
    item_refurb_step_id: step.id,
    account_id: step.account_id,
    retailer_account_id: item.account_id,
    verification_code: code,
    item_identification_number: item.identification_number,
    product_name: deviceName(item.product_brand, item.product_name),
    imei: item.imei,
    serial_number: item.serial_number,
    method: step.erasure_method || step.name,
    operator_user_id: tx.actor.userId,
    operator_name: operatorName,
    warehouse_id: step.warehouse_id,
    warehouse_name: item.warehouse_name ?? '',
  });
}

/** `GET /items/{id}/erasure-certificates`: the certificates of an item the user sees. */
export async function listItemCertificates(
  ctx: RequestContext,
  itemId: string,
): Promise<ItemErasureCertificatesResponse> {
  const item = await resolveItem(ctx, { id: itemId });
  return { member: (await repo.findItemCertificates(ctx, item.id)).map((row) => toResponse(row, false)) };
}

/**
 * Where the certificate is checked: the retailer's public site (its own domain, else
 * `<slug>.<base host>`), else the base address of the application.
 */
function verificationUrl(
  publicUrl: string,
  retailer: { site_slug: string | null; site_domain: string | null; site_active: boolean } | undefined,
  code: string,
): string {
  const site =
    retailer?.site_active && siteUrl(publicUrl, retailer.site_slug ?? null, retailer.site_domain ?? null);
  return `${site || new URL(publicUrl).origin}/erasure-certificate/${code}`;
}

/**
 * `GET /erasure-certificates/{id}/document`: the PDF, for whoever sees the item (the warehouse's
 * users and the retailer's); in the retailer's language, the file named in the user's (`?lang=`).
 */
export async function certificateDocument(
  ctx: RequestContext,
  id: string,
  fileLanguage?: Locale,
): Promise<PdfDocument> {
  const certificate = await repo.findCertificate(ctx, id);
  if (!certificate) throw notFound();
  try {
    await resolveItem(ctx, { id: certificate.item_id });
  } catch (error) {
    if (error instanceof AppError && error.code === 'item_not_found') throw notFound();
    throw error;
  }
  const retailer = await repo.findRetailerFacts(ctx, certificate.retailer_account_id);
  const data = await renderErasureCertificate({
    language: retailer?.language ?? 'fr-FR',
    verificationCode: certificate.verification_code,
    verificationUrl: verificationUrl(ctx.deps.config.publicUrl, retailer, certificate.verification_code),
    itemIdentificationNumber: certificate.item_identification_number,
    productName: certificate.product_name,
    imei: certificate.imei,
    serialNumber: certificate.serial_number,
    method: certificate.method,
    operatorName: certificate.operator_name,
    warehouseName: certificate.warehouse_name,
    retailerName: retailer?.name ?? '',
    erasedAt: new Date(certificate.erased_at),
  });
  return { filename: certificateFileName(fileLanguage, certificate.item_identification_number), data };
}

async function throttle(ctx: BaseContext, ip: string): Promise<void> {
  const { refusedForMs } = await countAttempt(ctx.db, `erasure-certificate:${ip}`, PUBLIC_LIMIT);
  if (refusedForMs > 0) throw tooManyAttempts(refusedForMs, 'Too many requests');
}

/**
 * `GET /public/erasure-certificates/{code}` (no sign-in: the code is the credential): the
 * certificate, its IMEI and serial number masked but their last 4 characters.
 */
export async function checkCertificate(
  ctx: BaseContext,
  code: string,
  client: { ip: string; host: string | undefined },
): Promise<ErasureCertificateResponse> {
  await throttle(ctx, client.ip);
  const site = resolveSiteHost(client.host, new URL(ctx.deps.config.publicUrl).hostname);
  // a retailer's site checks its own certificates; the back office's host (an API client) any
  let retailerAccountId: string | undefined;
  if (site.kind !== 'back_office') {
    try {
      retailerAccountId = (await siteOfHost(ctx, client.host)).id;
    } catch (error) {
      if (error instanceof AppError && error.code === 'site_not_available') throw notFound();
      throw error;
    }
  }
  const certificate = await repo.findCertificateByCode(ctx, code, retailerAccountId);
  if (!certificate) throw notFound();
  return toResponse(certificate, true);
}
