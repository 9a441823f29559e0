import { categories } from '@eco/domain/catalog/categories';
import { APP_SLOGAN, APP_TITLE } from '@eco/domain/constants';
import { CategoryCard } from '../features/home/CategoryCard';
import { APP_DESCRIPTION } from '../config';
import type { Route } from './+types/home';
import classes from '../features/home/home.module.css';

export const meta: Route.MetaFunction = () => [
  { title: APP_TITLE },
  { name: 'description', content: APP_DESCRIPTION },
];

export default function Home() {
  return (
    <div className={classes.page}>
      <div className={classes.intro}>
        <h1 className={classes.title}>{APP_SLOGAN}</h1>
        <p className={classes.lead}>
          Encuentra puntos de reciclaje, eventos, productos sustentables, materiales para reutilizar, consejos
          y cursos cerca tuyo. Elige por dónde empezar:
        </p>
      </div>
      <div className={classes.grid}>
        {categories.map((category) => (
          <CategoryCard key={category.key} category={category} />
        ))}
      </div>
    </div>
  );
}
