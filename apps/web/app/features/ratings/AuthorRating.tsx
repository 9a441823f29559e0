import type { SellerRating } from '@eco/domain';
import { Group, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { formatAverage, ratingCountText } from './rating-texts';

type AuthorRatingProps = { rating: SellerRating | undefined; size?: 'xs' | 'sm' };

/** A member's average and count in one line ('★ 4,5 (12)'), read out in full; 'Sin calificaciones' without any. */
export function AuthorRating({ rating, size = 'xs' }: AuthorRatingProps) {
  if (!rating) return null;
  const { qualificationAvg: average, count } = rating;
  if (average === null || count === 0) {
    return (
      <Text size={size} c="dark.4" span>
        Sin calificaciones
      </Text>
    );
  }
  return (
    <Group
      component="span"
      gap={3}
      wrap="nowrap"
      display="inline-flex"
      role="img"
      aria-label={`${formatAverage(average)} de 5 estrellas, ${ratingCountText(count)}`}
    >
      <IconStarFilled size={size === 'xs' ? 14 : 16} color="var(--mantine-color-yellow-7)" aria-hidden />
      <Text size={size} fw={700} span>
        {formatAverage(average)}
      </Text>
      <Text size={size} c="dark.4" span>
        ({count})
      </Text>
    </Group>
  );
}
