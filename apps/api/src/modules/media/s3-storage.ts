import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { MediaS3Config } from '../../config.ts';
import {
  checkedKey,
  isValidMediaKey,
  mediaKeyOf,
  mediaUrlOf,
  type MediaStorage,
  type StoredObject,
} from './storage.ts';

/** Media names are unique (new content gets a new name): browsers and CDNs may keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What GET /media/* asks the bucket: the browser's range and conditions, passed on as they came. */
export type BucketRequest = {
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
};

/** The bucket's answer, ready to be streamed: 200, 206, 304, 404 or 416. */
export type BucketAnswer =
  | { status: 200 | 206; headers: Record<string, string>; body: Readable }
  | { status: 304; headers: Record<string, string> }
  | { status: 404 }
  | { status: 416 };

export type S3MediaStorage = MediaStorage & {
  readonly kind: 's3';
  readonly bucket: string;
  readonly client: S3Client;
  check(): Promise<void>;
  /** The object for GET /media/*, with S3's own range and conditional handling. */
  fetch(key: string, request: BucketRequest): Promise<BucketAnswer>;
};

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** An S3 client for the configuration; shared by the storage and the commands that copy media. */
export function createS3Client(config: MediaS3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers reject the SDK's newer default
    // trailers; SigV4's payload hash still covers every body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer must not hold a request (or /api/ready) forever.
    maxAttempts: 3,
  });
}

/** The media in an S3-compatible bucket; keys are the object names (no prefix), addresses stay `/media/<key>`. */
export function createS3Storage(config: MediaS3Config, client = createS3Client(config)): S3MediaStorage {
  const Bucket = config.bucket;

  return {
    kind: 's3',
    bucket: Bucket,
    client,

    // One PUT is atomic on S3: readers see the old object or the new one, never half of it.
    async save(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },

    // S3 answers 204 for a key it does not have.
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },

    async *list(prefix) {
      const Prefix = prefix === '' ? undefined : `${checkedKey(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          // Objects someone else put in the bucket under names this site would never write are not media.
          if (item.Key === undefined || !isValidMediaKey(item.Key)) continue;
          yield {
            key: item.Key,
            size: item.Size ?? 0,
            modifiedAt: item.LastModified ?? new Date(0),
            ...(item.ETag === undefined ? {} : { etag: item.ETag }),
          };
        }
        ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
    },

    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    async head(key): Promise<StoredObject | null> {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return {
          key,
          size: answer.ContentLength ?? 0,
          modifiedAt: answer.LastModified ?? new Date(0),
          ...(answer.ETag === undefined ? {} : { etag: answer.ETag }),
        };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    publicUrl: mediaUrlOf,
    keyFromUrl: mediaKeyOf,

    // Reachable, signed in, and the bucket exists: a wrong secret or a deleted bucket makes /api/ready fail.
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async fetch(key, request) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: request.range,
            IfNoneMatch: request.ifNoneMatch,
            IfModifiedSince:
              request.ifModifiedSince === undefined ? undefined : new Date(request.ifModifiedSince),
          }),
        );
        const headers: Record<string, string> = {
          'content-type': answer.ContentType ?? 'application/octet-stream',
          'cache-control': MEDIA_CACHE_CONTROL,
          'accept-ranges': 'bytes',
        };
        if (answer.ContentLength !== undefined) headers['content-length'] = String(answer.ContentLength);
        if (answer.ETag !== undefined) headers.etag = answer.ETag;
        if (answer.LastModified !== undefined) headers['last-modified'] = answer.LastModified.toUTCString();
        if (answer.ContentRange !== undefined) headers['content-range'] = answer.ContentRange;
        const status = answer.ContentRange === undefined ? 200 : 206;
        return { status, headers, body: answer.Body as Readable };
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) {
          const headers: Record<string, string> = { 'cache-control': MEDIA_CACHE_CONTROL };
          const etag = (error as S3ServiceException & { $response?: { headers?: Record<string, string> } })
            .$response?.headers?.etag;
          if (etag !== undefined) headers.etag = etag;
          return { status: 304, headers };
        }
        if (status === 404) return { status: 404 };
        if (status === 416) return { status: 416 };
        throw error;
      }
    },
  };
}
