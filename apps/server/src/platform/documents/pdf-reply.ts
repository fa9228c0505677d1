import type { FastifyReply } from 'fastify';

/** Answers a generated PDF as a download of its own name, kept by no cache (it holds personal data). */
export function sendPdfDownload(reply: FastifyReply, pdf: { filename: string; data: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf.data);
}
