import { z } from 'zod';

/** The body of every error answer, as the API description shows it (see error-handler.ts). */
export const errorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string().describe('Mensaje en español para el usuario'),
    code: z
      .string()
      .optional()
      .describe('Presente cuando el cliente puede actuar, p. ej. ACCOUNT_NOT_ACTIVATED'),
  })
  .describe('Error');

/** Response schemas for the error statuses a route can answer, e.g. `...errorResponses(400, 401)`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S, typeof errorSchema>;
}
