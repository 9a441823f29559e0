export const REPORT_RECEIVED_MESSAGE = 'Gracias por avisarnos. Revisaremos tu denuncia.';
export const REPORT_DUPLICATE_MESSAGE = 'Ya denunciaste esto y todavía lo estamos revisando.';
export const OWN_PUBLICATION_MESSAGE = 'No puedes denunciar tu propio anuncio.';
export const OWN_PROFILE_MESSAGE = 'No puedes denunciar tu propio perfil.';
/** The review note of a publication the reports sent back to review. */
export const HIDDEN_BY_REPORTS_NOTE =
  'Oculto automáticamente por varias denuncias; un moderador lo revisará.';
