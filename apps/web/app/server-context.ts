import { createContext } from 'react-router';
import type { SessionData } from '@eco/domain';

export type DonationSettings = { sponsorUrl: string; bankAlias: string; bankHolder: string };

export type ServerContextValues = {
  /** From the session cookie, resolved on the server (null for guests). */
  session: SessionData | null;
  /** PUBLIC_URL, for share links and absolute meta tags. */
  publicUrl: string;
  donation: DonationSettings;
  /** Per-request nonce for inline scripts (Content-Security-Policy). */
  cspNonce: string;
};

export const serverContext = createContext<ServerContextValues>();
