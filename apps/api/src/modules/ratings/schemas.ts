import { z } from 'zod';
import { LIMITS, RANGES, ratingSchema } from '@eco/domain';
import { pageFields, type pageQuerySchema } from '../../paging.ts';
import { QUALIFICATION_ID_REQUIRED_MESSAGE } from './messages.ts';

// Request and response shapes of the ratings routes. The body is checked by the domain's ratingSchema, so the API
// answers the messages the rating form shows ('El comentario es demasiado corto (min: 6)').

export const qualificationSchema = z
  .object({
    _id: z.string(),
    toUserId: z.string().describe('Usuario calificado'),
    rating: z.number().int().describe('Estrellas, de 1 a 5'),
    comment: z.string().nullable(),
    fromUser: z
      .object({ _id: z.string(), name: z.string(), pictureUrl: z.string().nullable() })
      .describe('Quien calificó'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Calificación');

export type QualificationJson = z.output<typeof qualificationSchema>;

export const qualificationAnswerSchema = z.object({ qualification: qualificationSchema });

export const qualificationPageSchema = z.object({
  qualifications: z.array(qualificationSchema),
  ...pageFields,
});

export type QualificationPageJson = z.output<typeof qualificationPageSchema>;

export const ratingDataSchema = z
  .object({
    qualificationAvg: z.number().nullable().describe('Promedio con un decimal; null sin calificaciones'),
    count: z.number().int(),
    distribution: z
      .object({
        '1': z.number().int(),
        '2': z.number().int(),
        '3': z.number().int(),
        '4': z.number().int(),
        '5': z.number().int(),
      })
      .describe('Cuántas calificaciones de cada cantidad de estrellas'),
  })
  .describe('Resumen de calificaciones');

export const toUserParamsSchema = z.object({ toUserId: z.string().min(1).max(100) });

export type PageQuery = z.output<typeof pageQuerySchema>;

/** A body field taken as is and checked by ratingSchema in the transform; the API description reads `json`. */
function field(json: Record<string, unknown>) {
  return z.unknown().optional().meta(json);
}

const FIELDS = {
  rating: field({ type: 'integer', minimum: RANGES.rating.min, maximum: RANGES.rating.max }),
  comment: field({
    type: 'string',
    nullable: true,
    description: `Opcional, ${LIMITS.ratingComment.min} a ${LIMITS.ratingComment.max} caracteres`,
  }),
};

export type RatingBody = { id: string | undefined; rating: number; comment: string | null };

type IssueSink = { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void };

function parseRating(body: Record<string, unknown>, ctx: IssueSink): RatingBody {
  const result = ratingSchema.safeParse(body);
  if (result.success)
    return { id: result.data._id, rating: result.data.rating, comment: result.data.comment };
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
  return { id: undefined, rating: 0, comment: null };
}

export const createRatingBodySchema = z
  .object({ ...FIELDS, _id: field({ type: 'string', description: 'Se ignora al crear' }) })
  .transform((body, ctx) => ({ ...parseRating(body, ctx), id: undefined }));

export const updateRatingBodySchema = z
  .object({ ...FIELDS, _id: field({ type: 'string', description: 'La calificación propia que se edita' }) })
  .transform((body, ctx) => {
    const parsed = parseRating(body, ctx);
    if (typeof body._id !== 'string' || body._id.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['_id'], message: QUALIFICATION_ID_REQUIRED_MESSAGE });
    }
    return parsed;
  });
