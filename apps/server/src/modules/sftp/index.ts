/** The door of modules/sftp: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { runConnectorSchedule } from './connector-schedule';
export { registerSftpAccessRoutes } from './sftp-access.routes';
export { runSftpPull, type SftpPullJob } from './sftp-pull';
export { type SftpServerHandle, startSftpServer } from './sftp-server';
