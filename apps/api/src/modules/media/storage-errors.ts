// Which errors mean "the media bucket cannot be reached right now": the AWS SDK marks every error of its calls with
// `$metadata`; one without an HTTP status (the socket failed) or with a 5xx is the bucket's trouble, not the request's.
// A 4xx (a wrong key, a missing bucket) stays a bug of the configuration: a 500, logged.

export const STORAGE_UNAVAILABLE_MESSAGE =
  'No pudimos comunicarnos con el almacenamiento de imágenes. Intenta de nuevo en unos segundos.';

/** Whether `error` is an S3 call that found the bucket unreachable or failing. */
export function isStorageUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return false;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  const status = metadata?.httpStatusCode;
  return status === undefined || status >= 500;
}
