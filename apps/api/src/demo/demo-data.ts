import { demoBarter } from './content/barter.ts';
import { demoCourses } from './content/courses.ts';
import { demoDots } from './content/dots.ts';
import { demoEvents } from './content/events.ts';
import { demoMarket } from './content/market.ts';
import { demoTips } from './content/tips.ts';
import type { DemoPublication } from './content/types.ts';

// The demo content a newcomer sees on an empty database: people from every province with data of Argentina
// and Colombia and their publications in every category, one file per category under content/, and what they did
// with each other (ratings, orders, contacts through the cart). Dates are relative to the moment of loading, so
// events and courses stay upcoming.

export type {
  DemoContact,
  DemoDelay,
  DemoOrder,
  DemoPlace,
  DemoPublication,
  DemoRating,
  DemoUser,
} from './content/types.ts';
export { demoContacts } from './content/contacts.ts';
export { demoOrders } from './content/orders.ts';
export { demoRatings } from './content/ratings.ts';
export {
  DEMO_SUPER_USER_EMAIL,
  DEMO_SUPER_USER_KEY,
  DEMO_SUPER_USER_PASSWORD,
  DEMO_USER_PASSWORD,
  demoUsers,
} from './content/users.ts';

export const demoPublications: readonly DemoPublication[] = [
  ...demoDots,
  ...demoEvents,
  ...demoMarket,
  ...demoBarter,
  ...demoCourses,
  ...demoTips,
];
