/** The forms of the settings page, each posting to its action with one of these intents. */
export const SETTINGS_INTENTS = {
  profile: 'profile',
  paymentDetails: 'payment-details',
  deleteAccount: 'delete-account',
} as const;

export type SettingsIntent = (typeof SETTINGS_INTENTS)[keyof typeof SETTINGS_INTENTS];
