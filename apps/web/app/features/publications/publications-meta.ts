import { APP_NAME } from '@eco/domain/constants';
import { truncate } from '@eco/domain/text';
import { pageTitle } from '../../lib/meta';
import type { PublicationJson } from './publications';
import { absoluteUrl, DEFAULT_PUBLICATION_IMAGE } from './publications';

/** Longest description in meta tags (search results and link previews cut around it), '...' included. */
export const META_DESCRIPTION_LENGTH = 160;

/** The description of a publication on one line, at most META_DESCRIPTION_LENGTH characters. */
export function metaDescription(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), META_DESCRIPTION_LENGTH - '...'.length);
}

/**
 * Title, description, Open Graph and Twitter card tags of a publication or tip page, so that a shared link shows a
 * preview (WhatsApp, Facebook, X). Every URL is absolute, built on the public URL of the site.
 */
export function publicationMeta(publication: PublicationJson, publicUrl: string, path: string) {
  const title = publication.title;
  const description = metaDescription(publication.description);
  const image = absoluteUrl(publicUrl, publication.files[0]?.url ?? DEFAULT_PUBLICATION_IMAGE);
  const url = absoluteUrl(publicUrl, path);
  return [
    { title: pageTitle(title) },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: APP_NAME },
    { property: 'og:locale', content: 'es_AR' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: title },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}
