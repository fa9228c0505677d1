/** The door of modules/dashboard: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerDashboardRoutes } from './dashboard.routes';
export { runWeeklyStatistics, type WeeklyStatisticsJob } from './statistics.service';
