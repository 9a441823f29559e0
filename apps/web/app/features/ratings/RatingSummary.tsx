import type { UserRatingData } from '@eco/domain';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { distributionRows, formatAverage, ratingCountText, starsText } from './rating-texts';
import { RatingStars } from './RatingStars';

/** Average, how many ratings, and a bar per number of stars. */
export function RatingSummary({ data }: { data: UserRatingData | undefined }) {
  const average = data?.qualificationAvg ?? null;
  const count = data?.count ?? 0;
  if (average === null) {
    return <Text c="dark.6">Todavía nadie calificó a este miembro.</Text>;
  }
  const rows = distributionRows(data?.distribution);
  return (
    <Group align="center" gap="xl" wrap="wrap">
      <Stack gap={4} align="center">
        <Text fz={44} fw={800} lh={1}>
          {formatAverage(average)}
        </Text>
        <RatingStars value={average} size={20} />
        <Text size="sm" c="dark.6">
          {ratingCountText(count)}
        </Text>
      </Stack>
      <Stack gap={6} style={{ flex: 1, minWidth: 200 }} component="ul" m={0} p={0} aria-label="Distribución">
        {rows.map((row) => (
          <Group key={row.stars} gap="xs" wrap="nowrap" component="li" style={{ listStyle: 'none' }}>
            <Text size="sm" w={84} style={{ flex: 'none', whiteSpace: 'nowrap' }}>
              {starsText(row.stars)}
            </Text>
            <Progress
              value={row.percent}
              color="yellow.6"
              size="lg"
              style={{ flex: 1 }}
              aria-label={`${starsText(row.stars)}: ${ratingCountText(row.count)}`}
            />
            <Text size="sm" w={28} ta="right" style={{ flex: 'none' }} aria-hidden>
              {row.count}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
