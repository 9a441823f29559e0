// Notices and waiting messages of the publication form (spec section 8, verbatim).

export const SAVE_MESSAGES = {
  create: {
    waiting: 'Creando anuncio...',
    saved: 'El anuncio se ha creado exitosamente...',
    failed: 'Ha ocurrido un inconveniente al crear la anuncio...',
  },
  edit: {
    waiting: 'Guardando anuncio...',
    saved: 'El anuncio se ha guardado exitosamente...',
    failed: 'Ha ocurrido un inconveniente al guardar la anuncio...',
  },
} as const;

export const UPLOAD_SUCCEEDED = 'Subida exitosa!';
export const UPLOAD_FAILED = 'Se ha producido un inconveniente al subir el archivo';
export const BAD_FILE = 'El archivo es incorrecto';
export const IMAGE_REMOVED = 'Se ha quitado una imagen';
