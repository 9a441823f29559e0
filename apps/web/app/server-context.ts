import { createContext } from 'react-router';
import type { SessionData } from '@eco/domain';

export type DonationSettings = { sponsorUrl: string; bankAlias: string; bankHolder: string };

export type ServerContextValues = {
  /** From the session cookie, resolved on the server (null for guests). */
  session: SessionData | null;
  /** PUBLIC_URL, for share links and absolute meta tags. */
  publicUrl: string;
  donation: DonationSettings;
  /** MAP_STYLE_URL: the maps' base style; null draws outlines and markers only. */
  mapStyleUrl: string | null;
  /** GEOCODER_URL is set: the publication form offers "Buscar la dirección" (GET /api/places/search). */
  addressSearch: boolean;
  /** Per-request nonce for inline scripts (Content-Security-Policy); '' for a copy shared by guests. */
  cspNonce: string;
  /**
   * The whole document is rendered before the answer starts (a copy shared by guests, which crawlers and browsers
   * alike are then given, and whose status tells whether any part of the render failed).
   */
  completeDocument?: boolean;
  /**
   * Calls the API in-process as the visitor (their cookie and origin travel along): `await api('/api/me')`.
   * Bodies are strings (JSON.stringify); the answer is a standard Response.
   */
  api: (path: string, init?: RequestInit) => Promise<Response>;
};

export const serverContext = createContext<ServerContextValues>();
