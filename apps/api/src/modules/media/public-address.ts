import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { MEDIA_URL_PREFIX } from './storage.ts';

// With MEDIA_PUBLIC_URL (a CDN or a public bucket), browsers load media from there. The database keeps `/media/<key>`
// whatever the setting, so that moving the media or changing the CDN never rewrites a row: addresses are mapped at
// the edge of the JSON API instead. On the way out, every field whose name ends in "url" (url, thumbnailUrl,
// pictureUrl, imageUrl…) holding a `/media/…` address is given the public base; on the way in, a body field of that
// kind holding a public address is given `/media/` back, so the forms that send an image address they were shown
// (a publication's files, a profile picture) keep working. Other fields (titles, descriptions) are never touched.

export type MediaAddresses = {
  /** `/media/a/b.webp` → `https://cdn.example/a/b.webp`; any other URL as it is. */
  toPublic(url: string): string;
  /** `https://cdn.example/a/b.webp` → `/media/a/b.webp`; any other URL as it is. */
  toStored(url: string): string;
};

export function createMediaAddresses(publicBase: string): MediaAddresses {
  const base = `${publicBase.replace(/\/+$/, '')}/`;
  return {
    toPublic: (url) =>
      url.startsWith(MEDIA_URL_PREFIX) ? `${base}${url.slice(MEDIA_URL_PREFIX.length)}` : url,
    toStored: (url) => (url.startsWith(base) ? `${MEDIA_URL_PREFIX}${url.slice(base.length)}` : url),
  };
}

const URL_FIELD = /url$/i;

/** A copy of `value` with `map` applied to the strings of its url fields, at any depth; `value` is never changed. */
export function mapUrlFields(value: unknown, map: (url: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapUrlFields(item, map));
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value))
    return value;
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    copy[name] = typeof field === 'string' && URL_FIELD.test(name) ? map(field) : mapUrlFields(field, map);
  }
  return copy;
}

/**
 * Maps media addresses in every JSON answer that goes through a route's serializer (including the answers lists
 * serialize ahead and remember) and in every JSON body received. Nothing is added without MEDIA_PUBLIC_URL.
 */
export function useMediaPublicUrl(app: FastifyInstance, publicBase: string): void {
  const addresses = createMediaAddresses(publicBase);
  app.setSerializerCompiler((route: Parameters<typeof serializerCompiler>[0]) => {
    const serialize = serializerCompiler(route);
    return (data) => serialize(mapUrlFields(data, addresses.toPublic));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) {
      request.body = mapUrlFields(request.body, addresses.toStored);
    }
    done();
  });
}
