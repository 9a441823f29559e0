import type { PushKind } from '@eco/domain';
import { apiRequest } from '../../lib/api-client';

// This browser's push subscription and the API's devices (decision 038). The browser's permission is asked only
// from enablePush(), which runs on the member's tap.

export type PushDevice = { endpoint: string; kinds: PushKind[]; userAgent: string | null; createdAt: string };

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (!('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The service worker's registration, once it is active (it registers after the page loads, features/pwa). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return (await existing?.pushManager.getSubscription()) ?? null;
}

export class PushPermissionDenied extends Error {}

/**
 * Asks the browser's permission (first time only), subscribes this browser with the site's VAPID key and hands the
 * subscription and the chosen kinds to the API; again with other kinds, it only changes them.
 */
export async function enablePush(kinds: readonly PushKind[]): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const worker = await registration();
  let subscription = await worker.pushManager.getSubscription();
  if (subscription === null) {
    const { publicKey } = await apiRequest<{ publicKey: string }>('/api/push/key');
    subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(publicKey),
    });
  }
  return apiRequest<PushDevice>('/api/push/subscriptions', {
    method: 'POST',
    body: { ...subscription.toJSON(), kinds },
  });
}

/** Turns this browser off: on the server first (its pushes stop), then in the browser. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription === null) return;
  await removeDevice(subscription.endpoint).catch((error: unknown) => {
    // Already gone on the server (removed from another device): the browser's side still goes.
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
  });
  await subscription.unsubscribe();
}

export async function listDevices(): Promise<PushDevice[]> {
  return (await apiRequest<{ devices: PushDevice[] }>('/api/push/subscriptions')).devices;
}

export function removeDevice(endpoint: string): Promise<void> {
  return apiRequest<void>('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
