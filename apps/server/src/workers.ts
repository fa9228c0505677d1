import { type CatalogReindexJob, runCatalogReindex } from './modules/account-admin';
import { answerPasswordReset, type ResetJob } from './modules/auth';
import { runWeeklyStatistics, type WeeklyStatisticsJob } from './modules/dashboard';
import { type DeviceCheckJob, runDeviceCheckJob } from './modules/device-check';
import { type ExportJob, runExport } from './modules/exports';
import type { ImportJob } from './modules/imports';
import { runImport } from './modules/imports';
import type { PaymentJob } from './modules/payments';
import { paymentJobHandler } from './modules/payments';
import { runSandboxCarrierJob, type SandboxCarrierJob } from './modules/sandbox-carrier';
import { runSandboxPayoutJob, type SandboxPayoutJob } from './modules/sandbox-payouts';
import { runConnectorSchedule, runSftpPull, type SftpPullJob } from './modules/sftp';
import { type PickupJob, runPickupJob, runShipmentJob, type ShipmentJob } from './modules/transport';
import { type LitigationReminderJob, remindLitigation } from './modules/warehouse';
import type { WebhookJob } from './modules/webhooks';
import { deliverWebhook } from './modules/webhooks';
import type { AppDeps } from './platform/deps';
import { type MailMessage, mailJobHandler } from './platform/mail';
import { systemContext } from './platform/request-context';
import { registerStatusReactions } from './status-reactions';

/** The handlers of every queue of platform/jobs.ts, run in this process (main.ts and the test kit). */
export async function startWorkers(deps: AppDeps): Promise<void> {
  // the worker moves items too (a carrier's delivery events): the same reactions follow
  registerStatusReactions();
  const domain = new URL(deps.config.publicUrl).hostname;
  await deps.jobs.work<MailMessage>('mail', mailJobHandler(deps.db, deps.mailer, domain));
  // a reset request names a user by e-mail, in any account
  await deps.jobs.work<ResetJob>('password-reset', (job, jobId) =>
    answerPasswordReset(systemContext(deps, { kind: 'all' }), job, jobId),
  );
  // the litigation's account is read from the job's litigation, then the write is scoped to it
  await deps.jobs.work<LitigationReminderJob>('litigation-reminder', (job, jobId) =>
    remindLitigation(systemContext(deps, { kind: 'all' }), job, jobId),
  );
  // the payment's account is read from the job's payment; its writes are scoped to it
  await deps.jobs.work<PaymentJob>('payment', paymentJobHandler(deps));
  // the delivery's account is read from the job's delivery; its writes are scoped to it
  await deps.jobs.work<WebhookJob>('webhook', (job) =>
    deliverWebhook(systemContext(deps, { kind: 'all' }), job),
  );
  // a shipment's account is read from the job's shipment; its writes are scoped to it
  await deps.jobs.work<ShipmentJob>('shipment', (job, jobId) =>
    runShipmentJob(systemContext(deps, { kind: 'all' }), job, jobId),
  );
  // a pick-up's account is read from the job's pick-up; its writes are scoped to it
  await deps.jobs.work<PickupJob>('pickup', (job, jobId) =>
    runPickupJob(systemContext(deps, { kind: 'all' }), job, jobId),
  );
  // an export's account is read from its row; every read and write is scoped to it
  await deps.jobs.work<ExportJob>('export', (job, jobId) =>
    runExport(systemContext(deps, { kind: 'all' }), job, jobId),
  );
  // a configuration's account is read from it; the imports it starts go to that account
  await deps.jobs.work<SftpPullJob>('sftp-pull', async (job) => {
    await runSftpPull(systemContext(deps, { kind: 'all' }), job);
  });
  // the minute tick: every account's scheduled connectors, and every account's stalled imports
  await deps.jobs.work('connector-schedule', async () => {
    await runConnectorSchedule(systemContext(deps, { kind: 'all' }));
  });
  // the import's account is read from its row; every write of the run is scoped to it
  await deps.jobs.work<ImportJob>('import', (job, jobId) =>
    runImport(systemContext(deps, { kind: 'all' }), job, jobId),
  );
  // the job names its account; every read and write of the rebuild is scoped to it
  await deps.jobs.work<CatalogReindexJob>('catalog-reindex', async (job) => {
    await runCatalogReindex(systemContext(deps, { kind: 'account', accountId: job.accountId }), job);
  });
  // the sandbox carrier's own work: its rows belong to no tenant
  await deps.jobs.work<SandboxCarrierJob>('sandbox-carrier', (job) =>
    runSandboxCarrierJob(systemContext(deps, { kind: 'all' }), job),
  );
  // the sandbox bank and wallet's own work: their rows belong to no tenant
  await deps.jobs.work<SandboxPayoutJob>('sandbox-payouts', (job) =>
    runSandboxPayoutJob(systemContext(deps, { kind: 'all' }), job),
  );
  // a device check the provider did not answer: the item names its account
  await deps.jobs.work<DeviceCheckJob>('device-check', (job) =>
    runDeviceCheckJob(systemContext(deps, { kind: 'all' }), job),
  );
  // the dashboard's weekly statistics: every account's facts of one week, one row per scope
  await deps.jobs.work<WeeklyStatisticsJob>('weekly-statistics', (job) =>
    runWeeklyStatistics(systemContext(deps, { kind: 'all' }), job),
  );
}
