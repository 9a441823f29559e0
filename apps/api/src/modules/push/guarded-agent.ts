import { lookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAllowedAddress } from './public-address.ts';

/**
 * The HTTPS agent of every push request: its lookup refuses private addresses at connection time, so that a name
 * accepted when the device subscribed cannot be pointed at the server's network later. Keep-alive: one connection
 * per push service is reused for the pushes of a batch.
 */
export function guardedAgent(allowLoopback: boolean): Agent {
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter(({ address }) => isAllowedAddress(address, allowLoopback));
      if (allowed.length === 0) {
        const refused = Object.assign(new Error(`Push endpoint ${hostname} is not on a public address`), {
          code: 'EPUSHADDRESS',
        });
        return callback(refused, '', 0);
      }
      if (options.all) return callback(null, allowed);
      const [first] = allowed;
      return callback(null, first!.address, first!.family);
    });
  };
  return new Agent({ keepAlive: true, maxSockets: 8, lookup: guardedLookup });
}
