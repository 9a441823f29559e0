import { Button, VisuallyHidden } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useFetcher, useLocation } from 'react-router';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { useHydrated } from '../../lib/forms/use-hydrated';
import {
  FIELDS,
  INTEREST_ACTION,
  INTEREST_LABEL,
  interestedText,
  type InterestAnswer,
} from './interest-form';

type InterestToggleProps = {
  publicationId: string;
  /** Whether the member marked it, as the page's loader read it (false for guests). */
  interested: boolean;
  /** How many members marked it, as the page was loaded. */
  count: number;
  size: 'compact' | 'full';
};

/**
 * "Me interesa" with its count, on the cards and the page of events and courses. A form posting to /interest:
 * without scripts a normal post that comes back to this page; with them the toggle and the count change at once and
 * the answer confirms it. A guest's post goes to sign in and back here.
 */
export function InterestToggle({ publicationId, interested, count, size }: InterestToggleProps) {
  const fetcher = useFetcher<InterestAnswer>();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get(FIELDS.interested);
  const shown = pending != null ? pending === '1' : (fetcher.data?.interested ?? interested);
  // The loaded count, moved by what this visitor changed since (the page reloads the exact one after).
  const shownCount = Math.max(0, count + Number(shown) - Number(interested));
  const Icon = shown ? IconStarFilled : IconStar;

  return (
    <fetcher.Form method="post" action={INTEREST_ACTION} style={{ display: 'contents' }}>
      <input type="hidden" name={FIELDS.publicationId} value={publicationId} />
      <input type="hidden" name={FIELDS.interested} value={shown ? '0' : '1'} />
      <input type="hidden" name={FIELDS.back} value={`${pathname}${search}`} />
      {hydrated && <input type="hidden" name={FIELDS.scripted} value="1" />}
      <ActionNotice notice={fetcher.data?.notice} />
      <Button
        type="submit"
        variant={shown ? 'filled' : 'light'}
        size={size === 'compact' ? 'compact-md' : 'md'}
        aria-pressed={shown}
        leftSection={<Icon size={size === 'compact' ? 16 : 20} aria-hidden />}
        rightSection={
          shownCount > 0 ? (
            <>
              <span aria-hidden>{shownCount}</span>
              <VisuallyHidden>{`, ${interestedText(shownCount)}`}</VisuallyHidden>
            </>
          ) : undefined
        }
      >
        {INTEREST_LABEL}
      </Button>
    </fetcher.Form>
  );
}
