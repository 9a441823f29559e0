import type { ListingType } from '@eco/domain';
import { getCategory, LISTING_TYPES } from '@eco/domain';
import { SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useId, useRef } from 'react';
import { CATEGORY_ICONS } from '../home/category-icons';
import classes from './TypeGrid.module.css';

const NEXT_KEYS: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

type TypeGridProps = {
  value: ListingType | null;
  /** null when the chosen type is pressed again: the choice toggles. */
  onChange: (value: ListingType | null) => void;
  labelId: string;
};

/**
 * The listing types as a radio group of cards. Pressing the chosen card again clears the choice; arrow keys move
 * (and choose) like in any radio group, and only one card is in the tab order.
 */
export function TypeGrid({ value, onChange, labelId }: TypeGridProps) {
  const idPrefix = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusable = value ? LISTING_TYPES.indexOf(value) : 0;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = NEXT_KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + LISTING_TYPES.length) % LISTING_TYPES.length;
    buttons.current[next]?.focus();
    onChange(LISTING_TYPES[next] ?? null);
  }

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" role="radiogroup" aria-labelledby={labelId}>
      {LISTING_TYPES.map((key, index) => {
        const category = getCategory(key);
        const CategoryIcon = CATEGORY_ICONS[category.icon];
        const checked = value === key;
        const titleId = `${idPrefix}-${key}-title`;
        const descriptionId = `${idPrefix}-${key}-description`;
        return (
          <UnstyledButton
            key={key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            role="radio"
            aria-checked={checked}
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            tabIndex={index === focusable ? 0 : -1}
            className={classes.option}
            data-category={key}
            onClick={() => onChange(checked ? null : key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <ThemeIcon size={48} radius="md" variant="light" color={category.color} aria-hidden>
              <CategoryIcon size={28} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Text id={titleId} fw={700} mb={4}>
                {category.title}
              </Text>
              <Text id={descriptionId} size="sm" c="dimmed">
                {category.description}
              </Text>
            </div>
            {checked && <IconCircleCheckFilled size={24} className={classes.check} aria-hidden />}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
