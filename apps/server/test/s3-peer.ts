import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver, { type Context } from 's3rver';

const ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type Bytes = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Bytes) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256 (or its HMAC with a key) as the signer asks for it. */
class Sha256 {
  private readonly hash;
  constructor(secret?: Bytes) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: Bytes) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const signer = new SignatureV4({
  credentials: ACCOUNT,
  region: 'us-east-1',
  service: 's3',
  sha256: Sha256,
  uriEscapePath: false,
  applyChecksum: false,
});

const V4_AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/[^/]+\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/**
 * s3rver 3.7 checks the access key of a V4-signed request but not its signature: the peer signs
 * the request again with the account's secret and refuses it when the signatures differ, as S3 does.
 */
async function signatureMatches(ctx: Context): Promise<boolean> {
  const match = V4_AUTHORIZATION.exec(ctx.get('authorization'));
  if (!match) return true;
  const [, , signedHeaders = '', signature = ''] = match;
  const headers = Object.fromEntries(signedHeaders.split(';').map((name) => [name, ctx.get(name)]));
  const [pathPart = '/', search = ''] = ctx.originalUrl.split('?');
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) query[name] = value;
  const date = ctx
    .get('x-amz-date')
    .replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
  const signed = await signer.sign(
    { method: ctx.method, protocol: 'http:', hostname: ctx.hostname, path: pathPart, query, headers },
    { signingDate: new Date(date) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1] ?? '';
  return (
    expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  );
}

/**
 * A real S3-protocol server on loopback (s3rver: pure JavaScript, objects in a temporary folder),
 * with one bucket and one account, S3RVER / S3RVER, whose signatures it checks.
 */
export interface S3Peer {
  bucket: string;
  /** The S3_* variables that point a process at the peer's bucket. */
  env: Record<string, string>;
  /** The multipart uploads begun and neither completed nor aborted (their parts kept by the store). */
  openUploads(): string[];
  close(): Promise<void>;
}

export async function startS3Peer(bucket = 'reprise-files'): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'reprise-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // s3rver 3.7 answers AbortMultipartUpload with MethodNotAllowed; the peer drops the parts as S3
  // does, so that a test can see that an aborted upload leaves nothing
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  server.middleware.unshift(async (ctx, next) => {
    if (!(await signatureMatches(ctx))) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>';
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId))
      return next();
    rmSync(path.join(uploadsDir, uploadId), { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  return {
    bucket,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
      S3_SECRET_ACCESS_KEY: ACCOUNT.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    openUploads() {
      try {
        return readdirSync(uploadsDir);
      } catch {
        return [];
      }
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
