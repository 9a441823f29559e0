import type { SellerAccount, User } from '@eco/domain';

/** GET /api/me: the signed-in user's own data. */
export type Account = {
  user: User;
  paymentDetails: string | null;
  /** Receives notices by e-mail too ('Recibir avisos por correo'). */
  emailNotifications: boolean;
  /** "Me interesa" also reminds 1 hour before ('Recordarme también 1 hora antes'). */
  reminderHourBefore: boolean;
  summary: { publications: { published: number; pending: number } };
  /** Whether this site takes payments with Mercado Pago. */
  onlinePayments: boolean;
  /** The user's connected Mercado Pago account; null when none. */
  sellerAccount: SellerAccount | null;
};

/** A loader's outcome for pages built on the user's data: the data, or the message of section 8 to show. */
export type AccountResult = { ok: true; account: Account } | { ok: false; message: string };

/** Red notices of section 8 for a failed load of the user's data. */
export const USER_DATA_MESSAGES = {
  unauthorized: 'Necesita autorización',
  forbidden: 'Las credenciales para ver esta información son incorrectas',
  failed: 'Ha ocurrido un inconveniente al cargar los datos del usuario',
} as const;

export function userDataErrorMessage(status: number): string {
  if (status === 401) return USER_DATA_MESSAGES.unauthorized;
  if (status === 403) return USER_DATA_MESSAGES.forbidden;
  return USER_DATA_MESSAGES.failed;
}

export type ProfileItemKey = 'photo' | 'phone' | 'location' | 'address' | 'paymentDetails';

export type ProfileCompleteness = {
  items: { key: ProfileItemKey; label: string; done: boolean }[];
  missing: { key: ProfileItemKey; label: string }[];
  /** 0 to 100. */
  percent: number;
};

/** What the user has filled in of the optional parts of the profile (name and e-mail are always there). */
export function profileCompleteness(user: User, paymentDetails: string | null): ProfileCompleteness {
  const items = [
    { key: 'photo', label: 'Foto de perfil', done: !!user.pictureUrl },
    { key: 'phone', label: 'Teléfono / WhatsApp', done: !!user.phone },
    {
      key: 'location',
      label: 'Ubicación (país, provincia y ciudad)',
      done: !!(user.locationCountry && user.locationProvince && user.locationCity),
    },
    { key: 'address', label: 'Dirección', done: !!user.locationAddress },
    { key: 'paymentDetails', label: 'Datos de pago', done: !!paymentDetails },
  ] satisfies ProfileCompleteness['items'];
  const done = items.filter((item) => item.done).length;
  return {
    items,
    missing: items.filter((item) => !item.done).map(({ key, label }) => ({ key, label })),
    percent: Math.round((done / items.length) * 100),
  };
}
