import { z } from 'zod';
import { pageParams } from '../../paging.ts';
import { LIMITS, paymentDetailsSchema, profileSchema } from '@eco/domain';
import { checkLocation, optionalLocationKey, optionalText, requiredText } from '@eco/domain/schemas/fields';
import { FIELDS } from '@eco/domain/schemas/messages';

// Response shapes (plain objects: the serializer encodes through them) and the request bodies of the users routes.

export const userSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    email: z.string(),
    pictureUrl: z.string().nullable(),
    phone: z.string().nullable().describe('WhatsApp'),
    isSuperUser: z.boolean(),
    locationAddress: z.string().nullable(),
    locationCountry: z.string().nullable(),
    locationProvince: z.string().nullable(),
    locationCity: z.string().nullable(),
  })
  .describe('Usuario');

export const publicUserSchema = userSchema
  .pick({
    _id: true,
    id: true,
    name: true,
    pictureUrl: true,
    phone: true,
    locationCountry: true,
    locationProvince: true,
    locationCity: true,
  })
  .strict()
  .describe('Perfil público (sin correo, dirección ni rol)');

export const adminUserSchema = userSchema
  .extend({ isActive: z.boolean().describe('false: pendiente de activación o desactivada') })
  .describe('Usuario, visto por un superusuario');

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const usersQuerySchema = z.object({
  ...pageParams,
  term: z
    .string()
    .trim()
    .max(100, 'La búsqueda es demasiado larga (max: 100)')
    .optional()
    .describe('Parte del nombre o del correo'),
});

export const usersPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
  nextPage: z.number().int().nullable(),
});

const PROFILE_KEYS = Object.keys(profileSchema.shape) as (keyof typeof profileSchema.shape)[];

/**
 * A body field taken as is and checked by the shared schemas in the body's transform (for their messages); the
 * API description gets its type from `json`.
 */
function field(json: { type: 'string' | 'boolean'; nullable?: boolean; description?: string }) {
  return z.unknown().optional().meta(json);
}

const PROFILE_FIELDS = {
  name: field({ type: 'string' }),
  pictureUrl: field({ type: 'string', nullable: true, description: 'URL de POST /media (purpose profile)' }),
  phone: field({ type: 'string', nullable: true, description: 'WhatsApp' }),
  locationCountry: field({ type: 'string', description: 'Clave del país (arg, col)' }),
  locationProvince: field({ type: 'string', description: 'Clave de la provincia' }),
  locationCity: field({ type: 'string', description: 'Clave de la ciudad' }),
  locationAddress: field({ type: 'string', nullable: true }),
} satisfies Record<(typeof PROFILE_KEYS)[number], z.ZodType>;

type Issue = { path: PropertyKey[]; message: string };
type IssueSink = {
  addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string; input?: unknown }): void;
};

/** Re-reports the issues of a nested check on the body, so each names its field. */
function forward(issues: readonly Issue[], ctx: IssueSink, prefix: PropertyKey[] = []): void {
  for (const issue of issues) {
    ctx.addIssue({ code: 'custom', path: [...prefix, ...issue.path], message: issue.message });
  }
}

const NOTHING_TO_UPDATE = 'No hay datos para actualizar';
const EMAIL_NOTIFICATIONS_MESSAGE = 'Los avisos por correo deben ser verdadero o falso';

/**
 * PUT /me: the profile form (validated whole as soon as one of its fields is present) and/or the payment details.
 * The field names are listed for the API description; each value is checked by the shared schemas, so the
 * messages are the forms' own ('El nombre es obligatorio').
 */
/** The settings' switch «Recordarme también 1 hora antes» must be true or false. */
export const REMINDER_HOUR_BEFORE_MESSAGE = 'El recordatorio de 1 hora antes debe ser verdadero o falso';

export const updateMeBodySchema = z
  .object({
    ...PROFILE_FIELDS,
    paymentDetails: field({
      type: 'string',
      nullable: true,
      description: 'Datos de pago (texto libre); vacío los borra',
    }),
    email: field({
      type: 'string',
      description: 'No se puede cambiar aquí; solo se acepta el correo actual',
    }),
    emailNotifications: field({
      type: 'boolean',
      description: 'Recibir avisos por correo (el interruptor de la configuración)',
    }),
    reminderHourBefore: field({
      type: 'boolean',
      description: '«Me interesa» recuerda también 1 hora antes del inicio',
    }),
  })
  .transform((body, ctx) => {
    const fields: Record<string, unknown> = body;
    const update: {
      profile?: z.output<typeof profileSchema>;
      paymentDetails?: string | null;
      email?: unknown;
      emailNotifications?: boolean;
      reminderHourBefore?: boolean;
    } = {};
    const hasProfile = PROFILE_KEYS.some((key) => fields[key] !== undefined);
    if (hasProfile) {
      const result = profileSchema.safeParse(
        Object.fromEntries(PROFILE_KEYS.map((key) => [key, fields[key]])),
      );
      if (result.success) update.profile = result.data;
      else forward(result.error.issues, ctx);
    }
    if (body.paymentDetails !== undefined) {
      const result = paymentDetailsSchema.safeParse({ paymentDetails: body.paymentDetails });
      if (result.success) update.paymentDetails = result.data.paymentDetails;
      else forward(result.error.issues, ctx);
    }
    if (body.email !== undefined) update.email = body.email;
    if (body.emailNotifications !== undefined) {
      if (typeof body.emailNotifications === 'boolean') update.emailNotifications = body.emailNotifications;
      else
        ctx.addIssue({ code: 'custom', path: ['emailNotifications'], message: EMAIL_NOTIFICATIONS_MESSAGE });
    }
    if (body.reminderHourBefore !== undefined) {
      if (typeof body.reminderHourBefore === 'boolean') update.reminderHourBefore = body.reminderHourBefore;
      else
        ctx.addIssue({ code: 'custom', path: ['reminderHourBefore'], message: REMINDER_HOUR_BEFORE_MESSAGE });
    }
    if (
      !hasProfile &&
      body.paymentDetails === undefined &&
      body.emailNotifications === undefined &&
      body.reminderHourBefore === undefined
    ) {
      ctx.addIssue({ code: 'custom', path: [], message: NOTHING_TO_UPDATE });
    }
    return update;
  });

export type UpdateMe = z.output<typeof updateMeBodySchema>;

const ADMIN_FIELDS = {
  name: requiredText(FIELDS.name, LIMITS.name),
  phone: optionalText(FIELDS.phone, LIMITS.profilePhone),
  isSuperUser: z.boolean({ error: 'El rol de superusuario debe ser verdadero o falso' }),
  isActive: z.boolean({ error: 'El estado de la cuenta debe ser verdadero o falso' }),
  locationCountry: optionalLocationKey('locationCountry'),
  locationProvince: optionalLocationKey('locationProvince'),
  locationCity: optionalLocationKey('locationCity'),
  locationAddress: optionalText(FIELDS.locationAddress, LIMITS.profileAddress),
};
type AdminFields = { [Key in keyof typeof ADMIN_FIELDS]: z.output<(typeof ADMIN_FIELDS)[Key]> };
const ADMIN_KEYS = Object.keys(ADMIN_FIELDS) as (keyof AdminFields)[];
const LOCATION_KEYS = ['locationCountry', 'locationProvince', 'locationCity'] as const;

/**
 * PUT /users/{id}: only the fields present change; `null` or '' clears an optional one. A location is changed as a
 * whole: country, province and city that belong together, the levels left out cleared.
 */
export const updateUserBodySchema = z
  .object({
    name: PROFILE_FIELDS.name,
    phone: PROFILE_FIELDS.phone,
    isSuperUser: field({ type: 'boolean' }),
    isActive: field({ type: 'boolean', description: 'false desactiva la cuenta y termina sus sesiones' }),
    locationCountry: field({ type: 'string', nullable: true, description: 'Clave del país (arg, col)' }),
    locationProvince: field({ type: 'string', nullable: true, description: 'Clave de la provincia' }),
    locationCity: field({ type: 'string', nullable: true, description: 'Clave de la ciudad' }),
    locationAddress: PROFILE_FIELDS.locationAddress,
  } satisfies Record<keyof AdminFields, z.ZodType>)
  .transform((body, ctx) => {
    const changes: Partial<AdminFields> = {};
    for (const key of ADMIN_KEYS) {
      if (body[key] === undefined) continue;
      const result = ADMIN_FIELDS[key].safeParse(body[key]);
      if (result.success) Object.assign(changes, { [key]: result.data });
      else forward(result.error.issues, ctx, [key]);
    }
    if (LOCATION_KEYS.some((key) => body[key] !== undefined)) {
      // The levels not sent are cleared, so that a new country never keeps a province of the old one.
      for (const key of LOCATION_KEYS) changes[key] ??= null;
      checkLocation(changes, ctx, true);
    }
    if (ADMIN_KEYS.every((key) => body[key] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: NOTHING_TO_UPDATE });
    }
    return changes;
  });

export type UserChanges = z.output<typeof updateUserBodySchema>;
