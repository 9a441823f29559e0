import { execFileSync } from 'node:child_process';
import {
  createECDH,
  createHmac,
  createDecipheriv,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';

// A loopback push service that speaks the protocol (test code only): it checks each push's VAPID JWT (RFC 8292),
// decrypts its aes128gcm payload (RFC 8291, RFC 8188) with the "browser's" private key, and keeps what it read.
// It serves HTTPS with a certificate made for the test, which this process trusts as NODE_EXTRA_CA_CERTS would.

export type ReceivedPush = {
  device: string;
  payload: unknown;
  ttl: string | undefined;
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
};

/** A browser's side of one subscription: its keys, and the JSON PushSubscription.toJSON() would give. */
export type TestDevice = {
  name: string;
  ecdh: ECDH;
  auth: Buffer;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

export type PushService = {
  origin: string;
  received: ReceivedPush[];
  /** Refusals (a bad JWT, an undecryptable payload): a correct sender makes none. */
  refusals: string[];
  device(name: string): TestDevice;
  /** The push service answers this device's pushes with `status` from now on (410: the subscription expired). */
  answer(name: string, status: number): void;
  close(): Promise<void>;
};

function testCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), 'eco-push-cert-'));
  try {
    const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of a one-record aes128gcm body. */
export function decryptPush(body: Buffer, device: TestDevice): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const devicePublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(device.auth, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    devicePublic,
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('The last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, an ES256 JWT signed by that key. */
export function checkVapid(authorization: string | undefined): {
  claims: ReceivedPush['claims'];
  key: string;
} {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (match === null) throw new Error(`Not a VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`JWT alg ${alg}`);
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('The JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
  return { claims, key };
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = testCertificate();
  setDefaultCACertificates([...getCACertificates('default'), cert.toString()]);
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refusals: string[] = [];
  let origin = '';

  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = (request.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(name);
      try {
        if (request.method !== 'POST' || device === undefined) throw new Error(`Unknown device ${name}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('Not aes128gcm');
        const { claims, key: vapidPublicKey } = checkVapid(request.headers.authorization);
        if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
        const now = Date.now() / 1000;
        if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device).toString('utf8')) as unknown;
        received.push({ device: name, payload, ttl: request.headers.ttl as string, claims, vapidPublicKey });
        response.writeHead(answers.get(name) ?? 201).end();
      } catch (error) {
        refusals.push((error as Error).message);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refusals,
    device(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device: TestDevice = {
        name,
        ecdh,
        auth,
        json: {
          endpoint: `${origin}/push/${name}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
      devices.set(name, device);
      return device;
    },
    answer(name, status) {
      answers.set(name, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
