import type { CategoryColor, CategoryIcon, CategoryKey } from '../catalog/categories.ts';

export interface Country {
  _id: string;
  /** Three-letter key ('arg', 'col'), also the name of its flag image. */
  key: string;
  name: string;
  /** URL path of the flag image, e.g. '/flags/arg.svg'. */
  flag: string;
}

/** A province (Argentina) or department (Colombia). */
export interface Province {
  _id: string;
  key: string;
  name: string;
  countryKey: string;
}

export interface City {
  key: string;
  name: string;
  countryKey: string;
  provinceKey: string;
}

export interface CategoryEntry {
  key: CategoryKey;
  title: string;
  /** One sentence shown on the home card. */
  description: string;
  icon: CategoryIcon;
  color: CategoryColor;
}
