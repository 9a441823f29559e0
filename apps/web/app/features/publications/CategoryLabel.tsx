import type { CategoryKey } from '@eco/domain/catalog/categories';
import { getCategory } from '@eco/domain/catalog/categories';
import type { MantineSize } from '@mantine/core';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { CATEGORY_ICONS } from '../home/category-icons';

/** The icon and title of a publication's category. */
export function CategoryLabel({ typed, size = 'sm' }: { typed: CategoryKey; size?: MantineSize }) {
  const category = getCategory(typed);
  const Icon = CATEGORY_ICONS[category.icon];
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <ThemeIcon
        size={size === 'sm' ? 24 : 30}
        radius="sm"
        variant="light"
        color={category.color}
        aria-hidden
      >
        <Icon size={size === 'sm' ? 16 : 20} stroke={1.7} />
      </ThemeIcon>
      <Text size={size} fw={600} c="dimmed" truncate>
        {category.title}
      </Text>
    </Group>
  );
}
