import type { CategoryEntry } from '@eco/domain';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { CATEGORY_ICONS } from './category-icons';
import classes from './CategoryCard.module.css';

/**
 * Home card of a category, linking to the explore page filtered by it: plain elements drawn as Mantine's Card,
 * ThemeIcon, Title and Text drew them, so the home page loads none of their code (decision 018).
 */
export function CategoryCard({ category }: { category: CategoryEntry }) {
  const CategoryIcon = CATEGORY_ICONS[category.icon];
  const iconColors = {
    '--icon-bg': `var(--mantine-color-${category.color}-light)`,
    '--icon-color': `var(--mantine-color-${category.color}-light-color)`,
  } as CSSProperties;
  return (
    <Link to={`/publications?what=${category.key}`} className={classes.card} data-category={category.key}>
      <div className={classes.row}>
        <div className={classes.icon} style={iconColors} aria-hidden>
          <CategoryIcon size={30} stroke={1.6} />
        </div>
        <div>
          <h2 className={classes.title}>{category.title}</h2>
          <p className={classes.description}>{category.description}</p>
        </div>
      </div>
    </Link>
  );
}
