import type { SessionData } from '@eco/domain';
import { useRouteLoaderData } from 'react-router';
import type { DonationSettings } from '../server-context';
import type { Notice } from './forms/notice';

/** What the root loader sends to every page (never the CSP nonce nor the session token). */
export type RootData = {
  session: SessionData | null;
  publicUrl: string;
  donation: DonationSettings;
  /** The maps' base style (MAP_STYLE_URL); null: outlines and markers only. */
  mapStyleUrl: string | null;
  /** The publication form may look typed addresses up (GEOCODER_URL is set). */
  addressSearch: boolean;
  /** A notice left by the action that redirected here (lib/forms/flash.server.ts). */
  notice: Notice | null;
};

/** Root loader data, or undefined while the root itself failed (its error page still renders). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/** Absolute base URL of the site without a trailing slash, for share links. */
export function usePublicUrl(): string {
  return (useRootData()?.publicUrl ?? '').replace(/\/+$/, '');
}

export function useDonation(): DonationSettings | undefined {
  return useRootData()?.donation;
}

/** Whether the site has a geocoder behind GET /api/places/search. */
export function useAddressSearch(): boolean {
  return useRootData()?.addressSearch ?? false;
}

/** The maps' base style URL, null when the site draws its own outlines only. */
export function useMapStyleUrl(): string | null {
  return useRootData()?.mapStyleUrl ?? null;
}
