import type { DashboardDataResponse, DeviceHistoryResponse } from '@reprise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The home dashboard (modules/dashboard/dashboard.routes.ts on the server). */
const dashboardKeys = {
  all: ['dashboard'] as const,
  week: (week: string | null) => [...dashboardKeys.all, 'week', week ?? 'latest'] as const,
  deviceHistory: (search: DeviceSearch) => [...dashboardKeys.all, 'device-history', search] as const,
};

/** A device searched by its IMEI or by its serial number. */
export type DeviceSearch = { imei: string } | { serial: string };

/** `GET /dashboard-data`: a week's figures in the user's scope (the latest computed without a week). */
export function useDashboardData(week: string | null) {
  return useQuery({
    queryKey: dashboardKeys.week(week),
    queryFn: ({ signal }) =>
      api.get<DashboardDataResponse>('/dashboard-data', { query: week ? { week } : {}, signal }),
    placeholderData: keepPreviousData,
    // the figures change once a week
    staleTime: 5 * 60_000,
  });
}

/** `GET /device-history`: every visible buyback of a device, newest first. */
export function useDeviceHistory(search: DeviceSearch | null) {
  return useQuery({
    queryKey: dashboardKeys.deviceHistory(search ?? { imei: '' }),
    queryFn: ({ signal }) =>
      api.get<DeviceHistoryResponse>('/device-history', { query: search ?? {}, signal }),
    enabled: search !== null,
    retry: false,
  });
}
