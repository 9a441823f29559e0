import { MOBILE_BREAKPOINT_PX } from '@eco/domain/constants';
import { useMediaQuery } from '@mantine/hooks';

/** Same boundary as Mantine's `hiddenFrom="xs"` classes (theme.breakpoints.xs = 630 px). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.1}px)`;

/**
 * True under the mobile breakpoint. Meant for things only rendered after a user action (dialogs, drawers):
 * static layout differences use CSS (`hiddenFrom`/`visibleFrom`) so the server HTML is already right.
 */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY, false, { getInitialValueInEffect: false });
}
