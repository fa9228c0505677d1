/** The door of modules/imports: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { IMPORT_COLUMNS } from './import-columns';
export { resumeStalledImports, runImport } from './import-runner';
export { type ImportJob, startImport } from './import-start';
export { registerImportRoutes } from './imports.routes';
export { importResponseOf } from './imports.service';
