// Spanish validation messages. Each builder names the field and agrees the adjective with it:
// 'El título es demasiado corto (min: 3)', 'La descripción es demasiado corta (min: 6)'.

/** How a message names a field: its Spanish name with article, and its grammatical gender and number. */
export interface FieldLabel {
  name: string;
  feminine?: boolean;
  plural?: boolean;
}

export const FIELDS = {
  typed: { name: 'El tipo de anuncio' },
  title: { name: 'El título' },
  description: { name: 'La descripción', feminine: true },
  quantity: { name: 'La cantidad', feminine: true },
  price: { name: 'El precio' },
  discountRate: { name: 'El descuento' },
  locationAddress: { name: 'La dirección', feminine: true },
  locationUrl: { name: 'La URL del mapa', feminine: true },
  locationCountry: { name: 'El país' },
  locationProvince: { name: 'La provincia', feminine: true },
  locationCity: { name: 'La ciudad', feminine: true },
  locationLat: { name: 'La latitud', feminine: true },
  locationLng: { name: 'La longitud', feminine: true },
  locationExact: { name: 'La opción de mostrar el lugar exacto', feminine: true },
  openingHours: { name: 'El horario' },
  near: { name: 'El punto de búsqueda' },
  bbox: { name: 'El área del mapa', feminine: true },
  zoom: { name: 'El zoom' },
  calendaredAt: { name: 'La fecha', feminine: true },
  calendaredUntil: { name: 'La fecha de fin', feminine: true },
  labels: { name: 'Los materiales', plural: true },
  label: { name: 'El material' },
  image: { name: 'La imagen', feminine: true },
  file: { name: 'El archivo' },
  status: { name: 'El estado' },
  name: { name: 'El nombre' },
  email: { name: 'El correo electrónico' },
  password: { name: 'La contraseña', feminine: true },
  passwordConfirmation: { name: 'La confirmación de la contraseña', feminine: true },
  phone: { name: 'El teléfono' },
  pictureUrl: { name: 'La foto de perfil', feminine: true },
  paymentDetails: { name: 'Los datos de pago', plural: true },
  rating: { name: 'La calificación', feminine: true },
  comment: { name: 'El comentario' },
  message: { name: 'El mensaje' },
} as const satisfies Record<string, FieldLabel>;

/** Agrees an adjective stem ('cort', 'obligatori') with the field: corto, corta, cortos, cortas. */
function agree(field: FieldLabel, stem: string): string {
  return `${stem}${field.feminine ? 'a' : 'o'}${field.plural ? 's' : ''}`;
}

function is(field: FieldLabel): string {
  return `${field.name} ${field.plural ? 'son' : 'es'}`;
}

function must(field: FieldLabel): string {
  return `${field.name} ${field.plural ? 'deben' : 'debe'}`;
}

export function required(field: FieldLabel): string {
  return `${is(field)} ${agree(field, 'obligatori')}`;
}

export function tooShort(field: FieldLabel, min: number): string {
  return `${is(field)} demasiado ${agree(field, 'cort')} (min: ${min})`;
}

export function tooLong(field: FieldLabel, max: number): string {
  return `${is(field)} demasiado ${agree(field, 'larg')} (max: ${max})`;
}

/** A field holding a value that is not one of its choices or not what it must be. */
export function incorrect(field: FieldLabel): string {
  return `${is(field)} ${agree(field, 'incorrect')}`;
}

/** A text field that does not follow its format (e-mail, URL, date). */
export function badFormat(field: FieldLabel): string {
  return `${field.name} ${field.plural ? 'tienen' : 'tiene'} un formato incorrecto`;
}

export function notANumber(field: FieldLabel): string {
  return `${must(field)} ser un número`;
}

export function notAnInteger(field: FieldLabel): string {
  return `${must(field)} ser un número entero`;
}

export function atLeast(field: FieldLabel, min: number): string {
  return `${must(field)} ser como mínimo ${min}`;
}

export function outOfRange(field: FieldLabel, min: number, max: number): string {
  return `${must(field)} estar entre ${min} y ${max}`;
}

/** Counter message of the publication description. */
export function maxCharacters(max: number): string {
  return `Máximo ${max} caracteres`;
}

export const MESSAGES = {
  quantityRequired: '¿Qué disponibilidad tienes?',
  filesRequired: 'Agrega al menos una imagen',
  labelsRequired: 'Elige al menos un material',
  passwordsMismatch: 'Las contraseñas no coinciden',
  termsRequired: 'Debes aceptar los términos y condiciones',
  provinceOutsideCountry: 'La provincia no corresponde al país elegido',
  cityOutsideProvince: 'La ciudad no corresponde a la provincia elegida',
  endBeforeStart: 'La fecha de fin debe ser posterior a la de inicio',
  endWithoutStart: 'La fecha de fin necesita una fecha de inicio',
  pointOutsideCountries: 'El punto debe estar en Argentina o Colombia',
  pointOutsideCountry: 'El punto no corresponde al país elegido',
  closesBeforeOpens: 'La hora de cierre debe ser posterior a la de apertura',
  rangesOverlap: 'Los horarios de un mismo día no pueden superponerse',
  tooManyRanges: 'Cada día admite como máximo 3 horarios',
  bboxInsideOut: 'El área del mapa está invertida: el mínimo supera al máximo',
} as const;
