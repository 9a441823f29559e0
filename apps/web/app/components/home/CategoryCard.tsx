import type { CategoryEntry } from '@eco/domain';
import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CATEGORY_ICONS } from './category-icons';
import classes from './CategoryCard.module.css';

/** Home card of a category, linking to the explore page filtered by it. */
export function CategoryCard({ category }: { category: CategoryEntry }) {
  const CategoryIcon = CATEGORY_ICONS[category.icon];
  return (
    <Card
      component={Link}
      to={`/publications?what=${category.key}`}
      withBorder
      padding="lg"
      className={classes.card}
      data-category={category.key}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={52} radius="md" variant="light" color={category.color} aria-hidden>
          <CategoryIcon size={30} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4" mb={4}>
            {category.title}
          </Title>
          <Text size="sm" c="dimmed">
            {category.description}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
