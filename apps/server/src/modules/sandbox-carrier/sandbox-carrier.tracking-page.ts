/**
 * The sandbox carrier's public tracking page (`GET /api/sandbox-carrier/track/{trackingNumber}`):
 * the parcel and its events, as plain HTML (every value escaped; no script, no style).
 */

const LABELS: Record<string, string> = {
  created: 'Label created',
  in_transit: 'In transit',
  delivered: 'Delivered',
  failed: 'Delivery failed',
  cancelled: 'Cancelled',
  returned: 'Returned to sender',
  lost: 'Lost',
  delivery_init: 'Parcel registered by the carrier',
  in_progress: 'In progress',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function trackingPageHtml(tracking: {
  trackingNumber: string;
  status: string;
  kind: string;
  createdAt: Date;
  events: { code: string; occurredAt: Date }[];
}): string {
  const rows = tracking.events
    .map(
      (e) =>
        `<li><time datetime="${e.occurredAt.toISOString()}">${escapeHtml(e.occurredAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time> — ${escapeHtml(LABELS[e.code] ?? e.code)} (<code>${escapeHtml(e.code)}</code>)</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sandbox Carrier — ${escapeHtml(tracking.trackingNumber)}</title></head>
<body>
<h1>Sandbox Carrier</h1>
<p>Parcel <strong>${escapeHtml(tracking.trackingNumber)}</strong> (${tracking.kind === 'return' ? 'return' : 'shipment'}): <strong data-status="${escapeHtml(tracking.status)}">${escapeHtml(LABELS[tracking.status] ?? tracking.status)}</strong></p>
<p>Label created on <time datetime="${tracking.createdAt.toISOString()}">${escapeHtml(tracking.createdAt.toISOString().slice(0, 10))}</time>.</p>
<h2>Events</h2>
${rows ? `<ol>\n${rows}\n</ol>` : '<p>No event yet.</p>'}
</body>
</html>
`;
}
