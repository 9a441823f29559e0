// The web app manifest (issue 26, decision 038): written into the client build as /manifest.webmanifest by
// scripts/build-pwa.ts, linked from every page by root.tsx. The build script runs it under Node, so it imports
// nothing: its name, description and colours are the app's (web-manifest.test.ts compares them).

export const MANIFEST_PATH = '/manifest.webmanifest';

/** The brand green (theme.ts, eco[7]) and the page background. */
export const MANIFEST_THEME_COLOR = '#18773a';
export const MANIFEST_BACKGROUND_COLOR = '#ffffff';

/** The icons the build makes from favicon.svg (scripts/build-pwa.ts): square PNGs, and maskable ones. */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export const webManifest = {
  id: '/',
  name: 'EcoAnuncios: Un lugar para mejorar el mundo',
  short_name: 'EcoAnuncios',
  description:
    'EcoAnuncios: puntos de reciclaje, eventos, productos y servicios sustentables, mercado de materiales, consejos y cursos en Argentina y Colombia.',
  lang: 'es-AR',
  dir: 'ltr',
  start_url: '/?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: MANIFEST_THEME_COLOR,
  background_color: MANIFEST_BACKGROUND_COLOR,
  categories: ['lifestyle', 'shopping', 'education'],
  icons: MANIFEST_ICONS,
  shortcuts: [
    {
      name: 'Explorar anuncios',
      short_name: 'Explorar',
      url: '/publications',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Publicar un anuncio',
      short_name: 'Publicar',
      url: '/publications/new',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Preguntarle al asistente',
      short_name: 'Asistente',
      url: '/bot',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
