import { createHmac, timingSafeEqual } from 'node:crypto';

// Mercado Pago signs each webhook: `x-signature: ts=<seconds>,v1=<hex>` where v1 is the HMAC-SHA256, keyed with the
// application's webhook secret, of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (data.id from the
// query string, lowercased when alphanumeric; parts whose value is absent are left out).

/** Old signatures are refused, so a captured notification cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 15 * 60_000;

export function signatureManifest(parts: { dataId?: string; requestId?: string; ts: string }): string {
  let manifest = '';
  if (parts.dataId !== undefined && parts.dataId !== '') {
    const id = /^[a-z0-9]+$/i.test(parts.dataId) ? parts.dataId.toLowerCase() : parts.dataId;
    manifest += `id:${id};`;
  }
  if (parts.requestId !== undefined && parts.requestId !== '') manifest += `request-id:${parts.requestId};`;
  return `${manifest}ts:${parts.ts};`;
}

export function signManifest(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

/** Whether an x-signature header is Mercado Pago's for this notification, and recent. */
export function verifyWebhookSignature(options: {
  secret: string;
  header: string | undefined;
  requestId: string | undefined;
  dataId: string | undefined;
  now?: number;
}): boolean {
  if (options.header === undefined) return false;
  const fields = new Map(
    options.header.split(',').map((part) => {
      const [key = '', ...value] = part.split('=');
      return [key.trim(), value.join('=').trim()] as const;
    }),
  );
  const ts = fields.get('ts');
  const v1 = fields.get('v1');
  if (ts === undefined || v1 === undefined || !/^\d+$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  // The documentation's examples carry seconds; milliseconds are accepted too.
  const tsMs = ts.length > 11 ? Number(ts) : Number(ts) * 1000;
  if (Math.abs((options.now ?? Date.now()) - tsMs) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = Buffer.from(
    signManifest(
      options.secret,
      signatureManifest({ dataId: options.dataId, requestId: options.requestId, ts }),
    ),
    'hex',
  );
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
