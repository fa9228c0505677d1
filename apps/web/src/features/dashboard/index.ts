/** What other features use of this one: they import it from here, never from its other files. */
export { DashboardStatistics } from './dashboard-statistics';
export { DeviceHistorySearch } from './device-history-search';
