import { answerPasswordReset, type ResetJob } from './modules/auth/auth.service';
import { type LitigationReminderJob, remindLitigation } from './modules/warehouse/litigation.service';
import type { AppDeps } from './platform/deps';
import { type MailMessage, mailJobHandler } from './platform/mail';
import { systemContext } from './platform/request-context';

/** The handlers of every queue of platform/jobs.ts, run in this process (main.ts and the test kit). */
export async function startWorkers(deps: AppDeps): Promise<void> {
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
}
