import type { CategoryIcon } from '@eco/domain';
import type { Icon } from '@tabler/icons-react';
import {
  IconArrowsExchange,
  IconBulb,
  IconCalendarEvent,
  IconRecycle,
  IconSchool,
  IconShoppingBag,
} from '@tabler/icons-react';

/** Tabler icon of each category icon name of the domain catalog. */
export const CATEGORY_ICONS: Record<CategoryIcon, Icon> = {
  recycle: IconRecycle,
  'calendar-event': IconCalendarEvent,
  'shopping-bag': IconShoppingBag,
  'arrows-exchange': IconArrowsExchange,
  bulb: IconBulb,
  school: IconSchool,
};
