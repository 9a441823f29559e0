export * from './bounds.ts';
export * from './distance.ts';
export * from './maps-link.ts';
export * from './opening-hours.ts';
export * from './approximate.ts';
export * from './city-centers.ts';
export * from './schemas.ts';
export * from './geocode.ts';
