import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { errorSchema } from '../../plugins/error-schema.ts';
import { requireSession } from '../sessions/require-session.ts';
import { IMAGE_PURPOSES, InvalidImageError, processImage, type ImagePurpose } from './images.ts';
import type { MediaStorage } from './storage.ts';
import { recordUpload } from './uploads.ts';

export type MediaRoutesOptions = { db: DB; storage: MediaStorage; maxBytes: number };

export const MISSING_FILE_MESSAGE = 'Selecciona una imagen para subir';
export const INVALID_FILE_MESSAGE = 'El archivo es incorrecto';
export const ONE_FILE_MESSAGE = 'Sube una sola imagen por vez';
export const INVALID_PURPOSE_MESSAGE = "El campo purpose debe ser 'profile' o 'publication'";
export const MALFORMED_UPLOAD_MESSAGE = 'La solicitud de subida está incompleta o es incorrecta';

const MEGABYTE = 1024 * 1024;
const sizeFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** 10485760 → '10 MB', 10000000 → '10 MB', 65536 → '64 KB'. */
export function describeSize(bytes: number): string {
  if (bytes % 1_000_000 === 0 && bytes % MEGABYTE !== 0) return `${sizeFormat.format(bytes / 1_000_000)} MB`;
  if (bytes >= MEGABYTE) return `${sizeFormat.format(bytes / MEGABYTE)} MB`;
  if (bytes >= 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const tooLargeMessage = (maxBytes: number): string =>
  `El archivo supera el tamaño máximo de ${describeSize(maxBytes)}`;

const purposeSchema = z.enum(IMAGE_PURPOSES);

const uploadBodySchema = z
  .object({
    file: z.file().describe('La imagen: JPEG, PNG, WebP, GIF, AVIF o HEIC (se detecta por su contenido).'),
    purpose: purposeSchema
      .optional()
      .describe(
        'profile: foto de perfil, 512×512 (miniatura 128×128). publication (por omisión): hasta 1600×1600 (miniatura 480×360).',
      ),
  })
  .describe('Formulario multipart con la imagen en el campo `file`');

const uploadedSchema = z
  .object({
    url: z.string().describe('Dirección pública de la imagen en WebP, sin metadatos'),
    thumbnailUrl: z
      .string()
      .describe('Dirección pública de la miniatura (mismo nombre terminado en .sm.webp)'),
  })
  .describe('La imagen quedó guardada');

/** Multipart errors of @fastify/multipart and busboy, whose own texts are English. */
function uploadError(error: unknown, maxBytes: number): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, tooLargeMessage(maxBytes), { cause: error });
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, ONE_FILE_MESSAGE, { cause: error });
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return new HttpError(400, MALFORMED_UPLOAD_MESSAGE, { cause: error });
  }
  // busboy's own parse errors (a truncated or malformed body) carry no code.
  if (error instanceof Error && /multipart|part terminated|boundary/i.test(error.message)) {
    return new HttpError(400, MALFORMED_UPLOAD_MESSAGE, { cause: error });
  }
  return undefined;
}

/** POST /media: a signed-in user's image, checked, resized and stored as WebP with a thumbnail. */
export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (
  plugin,
  { db, storage, maxBytes },
) => {
  // Encapsulated here: only this route parses multipart bodies, with limits sized for one image.
  await plugin.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  async function readUpload(request: FastifyRequest): Promise<{ bytes?: Buffer; purpose: ImagePurpose }> {
    let bytes: Buffer | undefined;
    let purpose: ImagePurpose = 'publication';
    if (!request.isMultipart()) return { bytes, purpose };
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          const content = await part.toBuffer();
          // A form submitted without choosing a file sends an empty part without a name.
          bytes = content.length === 0 && part.filename === '' ? undefined : content;
        } else if (part.fieldname === 'purpose') {
          const parsed = purposeSchema.safeParse(part.value);
          if (!parsed.success) throw new HttpError(400, INVALID_PURPOSE_MESSAGE);
          purpose = parsed.data;
        }
      }
    } catch (error) {
      throw uploadError(error, maxBytes) ?? error;
    }
    return { bytes, purpose };
  }

  app.post(
    '/media',
    {
      schema: {
        tags: ['media'],
        summary: 'Sube una imagen (foto de perfil o de un anuncio)',
        description:
          'Solo imágenes reales, reconocidas por su contenido. Se aplica la orientación EXIF, se quitan todos los ' +
          `metadatos (incluida la ubicación GPS) y se guarda en WebP junto con una miniatura. Máximo ${describeSize(maxBytes)}.`,
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }, { cookie: [] }],
        body: uploadBodySchema,
        response: {
          201: uploadedSchema,
          400: errorSchema.describe(`'${MISSING_FILE_MESSAGE}' o '${INVALID_FILE_MESSAGE}'`),
          401: errorSchema.describe('Necesita autorización'),
          413: errorSchema.describe(tooLargeMessage(maxBytes)),
        },
      },
      // The body schema only documents the form for OpenAPI: the parts are streamed and checked in the handler.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const { bytes, purpose } = await readUpload(request);
      if (bytes === undefined) throw new HttpError(400, MISSING_FILE_MESSAGE);

      const processed = await processImage(bytes, purpose).catch((error: unknown) => {
        if (!(error instanceof InvalidImageError)) throw error;
        request.log.info(
          { reason: error.message, bytes: bytes.length },
          'Upload rejected: not an accepted image',
        );
        throw new HttpError(400, INVALID_FILE_MESSAGE, { cause: error });
      });

      const name = `uploads/${user.id}/${Date.now()}-${randomBytes(8).toString('hex')}`;
      const imageKey = `${name}.webp`;
      const thumbnailKey = `${name}.sm.webp`;
      const url = storage.publicUrl(imageKey);
      await storage.save(imageKey, processed.image.data, processed.contentType);
      try {
        await storage.save(thumbnailKey, processed.thumbnail.data, processed.contentType);
        // Recorded last: a row always has its files; files without a row are the sweep's.
        await recordUpload(db, { url, key: imageKey, userId: user.id, createdAt: new Date().toISOString() });
      } catch (error) {
        await Promise.all([storage.remove(imageKey), storage.remove(thumbnailKey)]);
        throw error;
      }
      request.log.info({ key: imageKey, purpose }, 'Image uploaded');
      return reply.code(201).send({ url, thumbnailUrl: storage.publicUrl(thumbnailKey) });
    },
  );
};
