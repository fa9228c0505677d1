import type { FastifyReply } from 'fastify';
import { imageVersion } from './account-images';

/**
 * Answers a policy PDF (terms of use, terms of service, FAQ and contact): shown in the browser,
 * never sniffed as anything else, no active content, revalidated by its ETag.
 */
export function sendPolicyFile(reply: FastifyReply, document: string, pdf: { key: string; data: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${document}.pdf"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, no-cache')
    .header('etag', `"${imageVersion(pdf.key)}"`)
    .send(pdf.data);
}
