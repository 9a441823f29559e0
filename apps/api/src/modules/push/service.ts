import type { PushKind } from '@eco/domain';
import type { PushConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { VapidKeys } from './keys.ts';
import { PUSH_MESSAGES } from './messages.ts';
import { isPublicEndpoint } from './public-address.ts';
import { deleteOwnSubscription, listSubscriptions, upsertSubscription } from './repository.ts';
import type { DeviceJson } from './schemas.ts';

/** The decoded lengths of a P-256 public key (uncompressed) and of the auth secret (RFC 8291). */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;

const decodedLength = (value: string) => Buffer.from(value, 'base64url').length;

export function createPushService(options: { db: DB; config: PushConfig; keys: () => Promise<VapidKeys> }) {
  const { db, config, keys } = options;
  return {
    publicKey: async (): Promise<string> => (await keys()).publicKey,

    async subscribe(
      userId: string,
      body: { endpoint: string; keys: { p256dh: string; auth: string }; kinds: PushKind[] },
      userAgent: string | undefined,
    ): Promise<DeviceJson> {
      if (decodedLength(body.keys.p256dh) !== P256DH_BYTES || decodedLength(body.keys.auth) !== AUTH_BYTES) {
        throw new HttpError(400, PUSH_MESSAGES.keys);
      }
      if (!(await isPublicEndpoint(body.endpoint, config.allowLoopback))) {
        throw new HttpError(400, PUSH_MESSAGES.publicEndpoint);
      }
      await upsertSubscription(db, userId, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        kinds: body.kinds,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      const device = (await listSubscriptions(db, userId)).find((row) => row.endpoint === body.endpoint);
      return toDeviceJson(device!);
    },

    async devices(userId: string): Promise<DeviceJson[]> {
      return (await listSubscriptions(db, userId)).map(toDeviceJson);
    },

    /** Only the member's own device; another member's endpoint is answered as unknown (404). */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      if (!(await deleteOwnSubscription(db, userId, endpoint)))
        throw new HttpError(404, PUSH_MESSAGES.notFound);
    },
  };
}

function toDeviceJson(row: {
  endpoint: string;
  kinds: PushKind[];
  userAgent: string | null;
  createdAt: string;
}): DeviceJson {
  return { endpoint: row.endpoint, kinds: row.kinds, userAgent: row.userAgent, createdAt: row.createdAt };
}
