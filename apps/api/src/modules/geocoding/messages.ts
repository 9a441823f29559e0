// Spanish answers of the address search. Each one leaves the person a way on: the map, a link, their location.

export const GEOCODER_OFF_MESSAGE =
  'La búsqueda de direcciones no está disponible en este sitio. Marca el punto en el mapa o pega un enlace de un mapa.';
export const GEOCODER_BUSY_MESSAGE =
  'Hay muchas búsquedas de direcciones en este momento. Prueba de nuevo en unos segundos o marca el punto en el mapa.';
export const GEOCODER_DOWN_MESSAGE =
  'No pudimos buscar la dirección. Prueba de nuevo más tarde o marca el punto en el mapa.';
export const GEOCODER_TOO_MANY_MESSAGE =
  'Hiciste muchas búsquedas de direcciones. Espera unos minutos o marca el punto en el mapa.';
