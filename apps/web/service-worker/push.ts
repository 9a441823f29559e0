// Web Push in the service worker (decision 038): shows what the server pushed and opens its link on a click.

/** What the server sends (apps/api/src/modules/push/sender.ts, PushPayload). */
type PushPayload = { title?: string; body?: string; link?: string; tag?: string };

const DEFAULT_LINK = '/dashboard/notifications';

function payloadOf(data: PushMessageData | null): PushPayload {
  try {
    return (data?.json() as PushPayload | undefined) ?? {};
  } catch {
    return { body: data?.text() };
  }
}

/** A link of this site only: a push can never send the member elsewhere. */
function siteLink(link: unknown, origin: string): string {
  try {
    const url = new URL(typeof link === 'string' ? link : DEFAULT_LINK, origin);
    return url.origin === origin ? url.href : new URL(DEFAULT_LINK, origin).href;
  } catch {
    return new URL(DEFAULT_LINK, origin).href;
  }
}

export function listenForPushes(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    const payload = payloadOf(event.data);
    event.waitUntil(
      worker.registration.showNotification(payload.title ?? 'EcoAnuncios', {
        body: payload.body ?? '',
        tag: payload.tag,
        lang: 'es-AR',
        icon: '/icons/icon-192.png',
        badge: '/icons/maskable-192.png',
        data: { link: siteLink(payload.link, worker.location.origin) },
      }),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = siteLink(
      (event.notification.data as { link?: unknown } | null)?.link,
      worker.location.origin,
    );
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => client.url === link);
        if (open !== undefined) return void (await open.focus());
        await worker.clients.openWindow(link);
      })(),
    );
  });
}
