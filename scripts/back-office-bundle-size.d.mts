// Types of back-office-bundle-size.mjs for e2e/back-office-weight.spec.ts.
export const BUDGET_BYTES: number;
export const CEILING_BYTES: Record<'/login' | '/home', number>;
export const LOCALES: string[];
export const FALLBACK_LOCALE: string;
export const SHELL_NAMESPACES: string[];
export const PAGES: Record<'/login' | '/home', { modules: string[]; namespaces: string[] }>;
export interface Chunk {
  file: string;
  isEntry: boolean;
  imports: string[];
  modules: string[];
}
export function gzipSize(file: string, distDir?: string): number;
export function readChunks(distDir?: string): Chunk[];
export function pageFiles(chunks: Chunk[], page: '/login' | '/home', locale: string): string[];
export interface PageWeight {
  page: string;
  locale: string;
  chunks: { file: string; gzip: number }[];
  total: number;
  ceiling: number;
}
export function measure(distDir?: string): { pages: PageWeight[]; budget: number };
