/**
 * Tells the API that the visitor is writing to a seller about these publications (the contact history of sales and
 * shopping). Fire and forget: WhatsApp opens at once, and `keepalive` lets the request finish even if the page goes
 * away. A failure loses only the record, never the message.
 */
export function recordContact(sellerId: string, publicationIds: readonly string[]): void {
  if (publicationIds.length === 0) return;
  try {
    void fetch('/api/contacts', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ sellerId, publicationIds }),
    }).catch(() => undefined);
  } catch {
    // fetch itself may throw (e.g. a keepalive body over the browser's quota): the contact goes on.
  }
}
