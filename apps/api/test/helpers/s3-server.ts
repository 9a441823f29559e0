import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { MediaS3Config } from '../../src/config.ts';

// A real S3-protocol server on loopback for the media tests: s3rver (the npm registry's S3 server, a filesystem
// store) behind a small gate that checks every request's AWS Signature Version 4, which s3rver itself does not
// (its authentication middleware accepts any V4 signature from a known access key id). The gate recomputes the
// signature from the request as received, with the secret only it and the tests know, and checks the body against
// its signed hash; a request that fails answers 403 SignatureDoesNotMatch like S3, and never reaches s3rver.

const REGION = 'us-east-1';
/** s3rver's only account; s3rver refuses any other access key id with InvalidAccessKeyId. */
const ACCESS_KEY_ID = 'S3RVER';

export type TestS3Server = {
  endpoint: string;
  /** s3rver's folder, removed by close(). */
  storeDirectory: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Requests refused for their signature, for the tests that check the gate. */
  rejected: () => number;
  createBucket: (name: string) => Promise<void>;
  /** The MEDIA_S3_* environment of a new, empty bucket. */
  bucketEnv: (bucket?: string) => Promise<Record<string, string>>;
  configOf: (bucket: string) => MediaS3Config;
  /** The file s3rver keeps an object's bytes in (its mtime is the object's LastModified). */
  objectFile: (bucket: string, key: string) => string;
  close: () => Promise<void>;
};

/** s3rver's filesystem store, which its type definitions leave out. */
type FilesystemStoreOwner = {
  store: { getResourcePath(bucket: string, key: string, resource: string): string };
};

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: string): string {
  if (search === '') return '';
  return search
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
      const value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, '%20'));
      return [rfc3986(name), rfc3986(value)] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Why the request's signature is wrong, or null when it is right (header authentication only). */
export function signatureProblem(
  request: http.IncomingMessage,
  body: Buffer,
  secretAccessKey: string,
): string | null {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (match === null) return 'no AWS4-HMAC-SHA256 authorization header';
  const [, accessKeyId, day, region, service, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== ACCESS_KEY_ID) return 'unknown access key';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day as string)) return 'x-amz-date does not match the credential scope';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (/^[0-9a-f]{64}$/.test(payloadHash) && sha256Hex(body) !== payloadHash)
    return 'body does not match its hash';
  const names = (signedHeaders as string).split(';');
  if (!names.includes('host')) return 'host is not signed';
  const headerLines = names.map((name) => {
    const value = request.headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
  });
  const url = request.url ?? '/';
  const queryAt = url.indexOf('?');
  const canonicalRequest = [
    request.method,
    queryAt < 0 ? url : url.slice(0, queryAt),
    canonicalQuery(queryAt < 0 ? '' : url.slice(queryAt + 1)),
    headerLines.join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${secretAccessKey}`, day as string);
  for (const part of [region as string, service as string, 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = Buffer.from(signature as string, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'signature mismatch';
}

const signatureError = (reason: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided (${reason}).</Message></Error>`;

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'eco-s3-'));
  const secretAccessKey = randomBytes(20).toString('base64url');
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const inner = (await s3rver.run()) as AddressInfo;
  let rejected = 0;

  const gate = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const problem = signatureProblem(request, body, secretAccessKey);
      if (problem !== null) {
        rejected += 1;
        response.writeHead(403, { 'content-type': 'application/xml' });
        response.end(request.method === 'HEAD' ? undefined : signatureError(problem));
        return;
      }
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: inner.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, 'content-length': String(body.length) },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => response.destroy(error));
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;

  async function createBucket(name: string): Promise<void> {
    // Through s3rver's own port: the tests' bucket set-up is not what they test.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: inner.port,
          method: 'PUT',
          path: `/${name}`,
        },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    if (status !== 200) throw new Error(`s3rver did not create bucket ${name}: ${status}`);
  }

  const configOf = (bucket: string): MediaS3Config => ({
    bucket,
    endpoint,
    region: REGION,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey },
    forcePathStyle: true,
  });

  return {
    endpoint,
    storeDirectory: directory,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey,
    rejected: () => rejected,
    createBucket,
    configOf,
    objectFile: (bucket, key) =>
      (s3rver as unknown as FilesystemStoreOwner).store.getResourcePath(bucket, key, 'object'),
    async bucketEnv(bucket = `eco-${randomBytes(6).toString('hex')}`) {
      await createBucket(bucket);
      return {
        MEDIA_S3_BUCKET: bucket,
        MEDIA_S3_ENDPOINT: endpoint,
        MEDIA_S3_REGION: REGION,
        MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
        MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey,
        MEDIA_S3_FORCE_PATH_STYLE: 'on',
      };
    },
    async close() {
      gate.closeAllConnections();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
