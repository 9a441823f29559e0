import type { CategoryKey } from '@eco/domain/catalog/categories';
import { getCategory, isCategoryKey } from '@eco/domain/catalog/categories';
import { findCity } from '@eco/domain/catalog/cities';
import type { CountryKey } from '@eco/domain/catalog/countries';
import { findCountry, isCountryKey } from '@eco/domain/catalog/countries';
import type { MaterialLabel } from '@eco/domain/catalog/materials';
import { isMaterialLabel, MATERIAL_LABELS } from '@eco/domain/catalog/materials';
import { findProvince } from '@eco/domain/catalog/provinces';
import { DEFAULT_PAGE } from '@eco/domain/constants';
import { SEARCH_TERM_MAX_LENGTH } from '@eco/domain/search';
import { isCalendaredType } from '@eco/domain/catalog/listing-types';
import { AGENDA_WHEN_LABELS, isAgendaWhen, type AgendaWhen } from '@eco/domain/dates/agenda-ranges';
import { formatBbox, formatPoint, readBbox, readNear } from '../places/geo';

// The explore page keeps every criterion in its URL (/publications?what=dots&term=vidrio&country=arg…&page=2), so a
// search can be shared and reloaded. This module reads and writes that URL and turns it into the API's query.

/** Which publications super users list: every one (their default), published ones, or those not published. */
export const STATUS_FILTERS = ['all', 'published', 'pending'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export type ExploreQuery = {
  /** Category (the API's `typed`). */
  what?: CategoryKey;
  term?: string;
  country?: CountryKey;
  province?: string;
  city?: string;
  labels: MaterialLabel[];
  page: number;
  /** Only honoured for super users. */
  status?: StatusFilter;
  /** The agenda of events and courses (other categories drop it): a quick period… */
  when?: AgendaWhen;
  /** …or a range of days, 'YYYY-MM-DD' as typed (the API checks them and answers a Spanish message)… */
  from?: string;
  to?: string;
  /** …and what has ended instead of what is to come. */
  past?: boolean;
  /** The month view's month, 'YYYY-MM' (the current one in the country's zone without it). */
  month?: string;
  /** The map instead of the list ('?view=map'); the list stays under it, the map is never the only way. */
  view?: 'map';
  /** 'lat,lng' (Cerca de mí): nearest first, each card with its distance. */
  near?: string;
  /** 'minLng,minLat,maxLng,maxLat' (Buscar en esta zona): only what lies inside. */
  bbox?: string;
  /** Recycling points open right now. */
  open?: boolean;
};

export const EMPTY_QUERY: ExploreQuery = { labels: [], page: DEFAULT_PAGE };

function isStatusFilter(value: unknown): value is StatusFilter {
  return typeof value === 'string' && (STATUS_FILTERS as readonly string[]).includes(value);
}

/** Repeated (`labels=Vidrios&labels=Plásticos`) or comma-separated labels, known ones only, in catalog order. */
function parseLabels(values: string[]): MaterialLabel[] {
  const given = new Set(values.flatMap((value) => value.split(',')).map((value) => value.trim()));
  return MATERIAL_LABELS.filter((label) => given.has(label) && isMaterialLabel(label));
}

/** A `?page=` value: a whole number from 1, page 1 for anything else. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_PAGE;
}

/**
 * The criteria of an explore URL. Anything unknown or inconsistent is dropped instead of failing the page: an
 * unknown category, a province of another country, a city of another province (and the levels below a dropped one).
 */
export function parseExploreQuery(params: URLSearchParams): ExploreQuery {
  const what = params.get('what');
  const term = (params.get('term') ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH).trim();
  const country = params.get('country');
  const province = params.get('province');
  const city = params.get('city');
  const status = params.get('status');

  const query: ExploreQuery = {
    labels: parseLabels(params.getAll('labels')),
    page: parsePage(params.get('page')),
  };
  if (isCategoryKey(what)) query.what = what;
  if (term) query.term = term;
  if (isCountryKey(country)) {
    query.country = country;
    const foundProvince = province ? findProvince(province) : undefined;
    if (foundProvince?.countryKey === country) {
      query.province = foundProvince.key;
      const foundCity = city ? findCity(city) : undefined;
      if (foundCity?.provinceKey === foundProvince.key) query.city = foundCity.key;
    }
  }
  if (isStatusFilter(status)) query.status = status;
  if (isCalendaredType(query.what)) {
    const when = params.get('when');
    const from = (params.get('from') ?? '').trim().slice(0, DAY_LENGTH);
    const to = (params.get('to') ?? '').trim().slice(0, DAY_LENGTH);
    // A quick period and a range are not asked together: the range, typed last, wins.
    if (from || to) {
      if (from) query.from = from;
      if (to) query.to = to;
    } else if (isAgendaWhen(when)) query.when = when;
    if (params.get('past') === '1') query.past = true;
    const month = params.get('month');
    if (month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month)) query.month = month;
  }
  if (params.get('view') === 'map') query.view = 'map';
  const near = readNear(params.get('near'));
  if (near) query.near = formatPoint(near);
  const bbox = readBbox(params.get('bbox'));
  if (bbox) query.bbox = formatBbox(bbox);
  if (query.what === 'dots' && params.get('open') === 'now') query.open = true;
  return query;
}

/** Room for a day ('YYYY-MM-DD'); anything longer is cut, and then refused by the API as a bad day. */
const DAY_LENGTH = 10;

/** The agenda's criteria as query parameters, shared by the page's URL and the API's query. */
function agendaParams(query: ExploreQuery, params: URLSearchParams): void {
  if (query.when) params.set('when', query.when);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.past) params.set('past', '1');
}

/** The place criteria, shared by the page's URL and the API's query. */
function placeParams(query: ExploreQuery, params: URLSearchParams): void {
  if (query.near) params.set('near', query.near);
  if (query.bbox) params.set('bbox', query.bbox);
  if (query.open) params.set('open', 'now');
}

/** The search part of an explore URL ('' or '?…'): only the criteria that are set, no page 1, no default status. */
export function exploreSearch(query: ExploreQuery): string {
  const params = new URLSearchParams();
  if (query.what) params.set('what', query.what);
  if (query.term) params.set('term', query.term);
  if (query.country) params.set('country', query.country);
  if (query.province) params.set('province', query.province);
  if (query.city) params.set('city', query.city);
  for (const label of query.labels) params.append('labels', label);
  if (query.status && query.status !== 'all') params.set('status', query.status);
  agendaParams(query, params);
  if (query.month) params.set('month', query.month);
  placeParams(query, params);
  if (query.view) params.set('view', query.view);
  if (query.page > DEFAULT_PAGE) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function explorePath(query: ExploreQuery): string {
  return `/publications${exploreSearch(query)}`;
}

/** The query of GET /api/publications for these criteria; super users list every status unless they chose one. */
export function apiListSearch(query: ExploreQuery, { isSuperUser }: { isSuperUser: boolean }): string {
  const params = new URLSearchParams();
  params.set('page', String(query.page));
  if (query.what) params.set('typed', query.what);
  if (query.term) params.set('term', query.term);
  if (query.country) params.set('country', query.country);
  if (query.province) params.set('province', query.province);
  if (query.city) params.set('city', query.city);
  for (const label of query.labels) params.append('labels', label);
  agendaParams(query, params);
  placeParams(query, params);
  if (isSuperUser) params.set('status', query.status ?? 'all');
  return params.toString();
}

/**
 * The query of GET /api/publications/map: the list's criteria (no page, no `near`: a map has no order) over the
 * visible area at a zoom.
 */
export function apiMapSearch(
  query: ExploreQuery,
  view: { bbox: string; zoom: number },
  { isSuperUser }: { isSuperUser: boolean },
): string {
  const params = new URLSearchParams(
    apiListSearch({ ...query, near: undefined, bbox: view.bbox }, { isSuperUser }),
  );
  params.delete('page');
  params.set('zoom', String(Math.round(view.zoom * 100) / 100));
  return params.toString();
}

export type FilterChip = {
  key: string;
  /** What the chip reads, e.g. 'Vidrios' or 'Córdoba'. */
  label: string;
  /** The same criteria without this one, back on the first page. */
  without: ExploreQuery;
};

/**
 * The removable chips of the active criteria: category, labels, country, province, city and text. Removing a place
 * also removes the levels below it (no province without its country).
 */
export function filterChips(query: ExploreQuery): FilterChip[] {
  const base: ExploreQuery = { ...query, page: DEFAULT_PAGE };
  const chips: FilterChip[] = [];
  if (query.what) {
    chips.push({ key: 'what', label: getCategory(query.what).title, without: { ...base, what: undefined } });
  }
  for (const label of query.labels) {
    chips.push({
      key: `label:${label}`,
      label,
      without: { ...base, labels: query.labels.filter((other) => other !== label) },
    });
  }
  if (query.country) {
    chips.push({
      key: 'country',
      label: findCountry(query.country)?.name ?? query.country,
      without: { ...base, country: undefined, province: undefined, city: undefined },
    });
  }
  if (query.province) {
    chips.push({
      key: 'province',
      label: findProvince(query.province)?.name ?? query.province,
      without: { ...base, province: undefined, city: undefined },
    });
  }
  if (query.city) {
    chips.push({
      key: 'city',
      label: findCity(query.city)?.name ?? query.city,
      without: { ...base, city: undefined },
    });
  }
  if (query.term) {
    chips.push({ key: 'term', label: `“${query.term}”`, without: { ...base, term: undefined } });
  }
  if (query.when) {
    chips.push({ key: 'when', label: AGENDA_WHEN_LABELS[query.when], without: { ...base, when: undefined } });
  }
  if (query.from || query.to) {
    chips.push({
      key: 'days',
      label: daysLabel(query.from, query.to),
      without: { ...base, from: undefined, to: undefined },
    });
  }
  if (query.past) chips.push({ key: 'past', label: 'Pasados', without: { ...base, past: undefined } });
  if (query.open) chips.push({ key: 'open', label: 'Abierto ahora', without: { ...base, open: undefined } });
  if (query.near) chips.push({ key: 'near', label: 'Cerca de mí', without: { ...base, near: undefined } });
  if (query.bbox) chips.push({ key: 'bbox', label: 'En esta zona', without: { ...base, bbox: undefined } });
  return chips;
}

/** 'YYYY-MM-DD' as the spec shows days (DD/MM/YYYY); anything else as typed. */
export function displayDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

function daysLabel(from: string | undefined, to: string | undefined): string {
  if (from && to)
    return from === to ? `El ${displayDay(from)}` : `Del ${displayDay(from)} al ${displayDay(to)}`;
  return from ? `Desde el ${displayDay(from)}` : `Hasta el ${displayDay(to ?? '')}`;
}

/** The criteria without any filter nor text; the status choice of a super user stays. */
export function withoutFilters(query: ExploreQuery): ExploreQuery {
  return { ...EMPTY_QUERY, status: query.status, view: query.view };
}
