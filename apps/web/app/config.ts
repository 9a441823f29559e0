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

/** Waiting messages of section 8 for navigations to pages that load the user's data. */
export const NAVIGATION_WAITING_MESSAGES: Readonly<Record<string, string>> = {
  '/dashboard': 'Cargando información del usuario',
  '/dashboard/settings': 'Cargando datos del usuario...',
};

/** Where users write for what they cannot do themselves, such as changing their e-mail address. */
export const SUPPORT_EMAIL = 'hola@ecoanuncios.org';
