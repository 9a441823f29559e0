import { ActionIcon, Button } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useFetcher, useLocation } from 'react-router';
import { iconTip } from '../../components/icon-tip';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { useHydrated } from '../../lib/forms/use-hydrated';
import { FAVORITE_ACTION, FIELDS, SAVE_LABEL, SAVED_LABEL, type FavoriteAnswer } from './favorite-form';

type FavoriteToggleProps = {
  publicationId: string;
  /** Whether the member saved it, as the page's loader read it (false for guests). */
  saved: boolean;
  variant: 'icon' | 'button';
};

/**
 * "Guardar" / "Guardado" (a bookmark: the heart is the donation). A form posting to /favorite: without scripts a
 * normal post that comes back to this page; with them the toggle changes at once and the answer confirms it. A
 * guest's post goes to sign in and back here.
 */
export function FavoriteToggle({ publicationId, saved, variant }: FavoriteToggleProps) {
  const fetcher = useFetcher<FavoriteAnswer>();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get(FIELDS.saved);
  // What was asked while it is on its way, then what the action answered, then what the page was loaded with.
  const shown = pending != null ? pending === '1' : (fetcher.data?.saved ?? saved);
  const label = shown ? SAVED_LABEL : SAVE_LABEL;
  const Icon = shown ? IconBookmarkFilled : IconBookmark;

  return (
    <fetcher.Form method="post" action={FAVORITE_ACTION} style={{ display: 'contents' }}>
      <input type="hidden" name={FIELDS.publicationId} value={publicationId} />
      <input type="hidden" name={FIELDS.saved} value={shown ? '0' : '1'} />
      <input type="hidden" name={FIELDS.back} value={`${pathname}${search}`} />
      {hydrated && <input type="hidden" name={FIELDS.scripted} value="1" />}
      <ActionNotice notice={fetcher.data?.notice} />
      {variant === 'icon' ? (
        <ActionIcon
          type="submit"
          variant={shown ? 'filled' : 'light'}
          size="lg"
          aria-pressed={shown}
          {...iconTip(label, 'start')}
        >
          <Icon size={20} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          type="submit"
          variant={shown ? 'filled' : 'light'}
          size="md"
          aria-pressed={shown}
          leftSection={<Icon size={20} aria-hidden />}
        >
          {label}
        </Button>
      )}
    </fetcher.Form>
  );
}
