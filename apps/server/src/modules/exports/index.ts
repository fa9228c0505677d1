/** The door of modules/exports: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { type CsvValue, csvField, csvLine, inertFormula, UTF8_BOM } from './csv';
export { type ExportJob, runExport } from './export-runner';
export { registerExportRoutes } from './exports.routes';
