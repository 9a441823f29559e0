import { APP_NAME, APP_TITLE } from '@eco/domain/constants';

/** Browser title of a page: 'Nosotros | EcoAnuncios'; the home page keeps the full slogan title. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${APP_NAME}` : APP_TITLE;
}

export function pageMeta(page: string, description?: string) {
  return [
    { title: pageTitle(page) },
    ...(description ? [{ name: 'description', content: description }] : []),
  ];
}
