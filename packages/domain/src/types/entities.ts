// Every entity of the specification (section 3), gathered in one import path.
export type * from './api.ts';
export type * from './assistant.ts';
export type * from './cart.ts';
export type * from './catalog.ts';
export type * from './content.ts';
export type * from './deals.ts';
export type * from './notification.ts';
export type * from './publication.ts';
export type * from './user.ts';
