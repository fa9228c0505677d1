export { DataTable, type DataTableColumn } from './data-table';
export type { TableSort } from './table-params';
export { useTableParams } from './use-table-params';
