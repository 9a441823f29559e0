// The assistant's human grant of this tab (a guest solved the captcha once; the API signed a 30-minute grant), kept
// in sessionStorage next to the conversation so that following a card and coming back needs no new proof of work.
// The expiry is read from the grant so an old one is not even sent; the API still decides.

const STORAGE_KEY = 'eco-assistant-human';
let memory: string | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Seconds since 1970 in `v1.<expires>.<random>.<signature>`; NaN for anything else. */
function expiresAt(grant: string): number {
  const [version, seconds] = grant.split('.');
  return version === 'v1' && seconds !== undefined ? Number(seconds) * 1000 : Number.NaN;
}

/** The stored grant while it is current (with a minute to spare for the trip to the server), else null. */
export function currentHumanGrant(now = Date.now()): string | null {
  let grant: string | null;
  try {
    grant = storage()?.getItem(STORAGE_KEY) ?? memory;
  } catch {
    grant = memory;
  }
  if (grant === null) return null;
  if (!(expiresAt(grant) > now + 60_000)) {
    saveHumanGrant(null);
    return null;
  }
  return grant;
}

export function saveHumanGrant(grant: string | null): void {
  memory = grant;
  try {
    if (grant === null) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, grant);
  } catch {
    // Storage refused (private mode, quota): the grant lives in memory for this page.
  }
}
