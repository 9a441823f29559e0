/** Public links and credits shown in the menu and the footer. */
export const SOCIAL_LINKS = [
  { key: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/ecoanuncios' },
  { key: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/ecoanuncios' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['key'];

export const STUDIO_NAME = 'Estudio Verde';

export const APP_DESCRIPTION =
  'EcoAnuncios: puntos de reciclaje, eventos, productos y servicios sustentables, mercado de materiales, consejos y cursos en Argentina y Colombia.';

/** Navigations shorter than this show no waiting overlay, so fast pages do not flash. */
export const WAITING_DELAY_MS = 300;
