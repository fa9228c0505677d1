export { DataTable, type DataTableColumn, listRows } from './data-table';
export type { TableSort } from './table-params';
export { useTableParams } from './use-table-params';
