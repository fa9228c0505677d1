/** The part of s3rver 3 (which ships no types) that the test peer (test/s3-peer.ts) uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  /** The part of a Koa context the peer's own middleware reads. */
  export interface Context {
    method: string;
    originalUrl: string;
    hostname: string;
    query: Record<string, string | string[] | undefined>;
    get(header: string): string;
    status: number;
    type: string;
    body: unknown;
  }

  /** A Koa application: its middleware run in order, before s3rver's own routes when put first. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
