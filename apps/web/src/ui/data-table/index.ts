export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { readTableParams, type TableParams, type TableSort, toCollectionQuery } from './table-params';
export { useTableParams } from './use-table-params';
