import { Group } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { averageLabel } from './rating-texts';

type RatingStarsProps = { value: number; size?: number };

/** Read-only stars (halves included) with the value as their accessible text. */
export function RatingStars({ value, size = 16 }: RatingStarsProps) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <Group
      gap={1}
      wrap="nowrap"
      role="img"
      aria-label={averageLabel(value)}
      c="yellow.7"
      style={{ flex: 'none' }}
    >
      {[1, 2, 3, 4, 5].map((star) =>
        rounded >= star ? (
          <IconStarFilled key={star} size={size} aria-hidden />
        ) : rounded >= star - 0.5 ? (
          <IconStarHalfFilled key={star} size={size} aria-hidden />
        ) : (
          <IconStar key={star} size={size} aria-hidden />
        ),
      )}
    </Group>
  );
}
