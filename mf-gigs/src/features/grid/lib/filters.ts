/**
 * The grid's filters as typed (strings, one per input), their URL form and the GigFilters the
 * read sends. The URL keeps them so a filtered list can be shared and survives a reload:
 *   ?q=logo&type=fixed&location=remote&min=100&max=900&skills=figma,branding
 */
import { isGigLocation, isPaymentType, type GigLocation, type PaymentType } from '@need40/shared';
import { parseSkills } from '../../../lib/skills';
import { type GigFilters } from '../types';
import { filterErrors, parseAmount } from './filterErrors';

export interface FilterDraft {
  search: string;
  paymentType: PaymentType | '';
  location: GigLocation | '';
  minRate: string;
  maxRate: string;
  skills: string;
}

export const emptyDraft = (): FilterDraft => ({ search: '', paymentType: '', location: '', minRate: '', maxRate: '', skills: '' });

/** Query-string parameter of each filter. Do not rename: shared links carry them. */
export const FILTER_PARAMS: Record<keyof FilterDraft, string> = {
  search: 'q',
  paymentType: 'type',
  location: 'location',
  minRate: 'min',
  maxRate: 'max',
  skills: 'skills',
};

const KEYS = Object.keys(FILTER_PARAMS) as (keyof FilterDraft)[];

/** Read the filters from a query string; unknown values are dropped. */
export function draftFromQuery(search: string): FilterDraft {
  const params = new URLSearchParams(search);
  const get = (key: keyof FilterDraft) => params.get(FILTER_PARAMS[key]) ?? '';
  const type = get('paymentType');
  const location = get('location');
  return {
    search: get('search'),
    paymentType: isPaymentType(type) ? type : '',
    location: isGigLocation(location) ? location : '',
    minRate: get('minRate'),
    maxRate: get('maxRate'),
    skills: get('skills'),
  };
}

/**
 * Write the filters into `params` (empty and invalid ones removed, as they are not sent), leaving
 * every other parameter alone.
 */
export function writeDraftToParams(params: URLSearchParams, draft: FilterDraft): void {
  const errors = filterErrors(draft);
  for (const key of KEYS) {
    const value = key in errors ? '' : draft[key].trim();
    if (value) params.set(FILTER_PARAMS[key], value);
    else params.delete(FILTER_PARAMS[key]);
  }
}

/** What the read sends: only the filters that are set and valid (see filterErrors). */
export function toGigFilters(draft: FilterDraft): GigFilters {
  const filters: GigFilters = {};
  const errors = filterErrors(draft);
  const search = draft.search.trim();
  if (search) filters.search = search;
  if (draft.paymentType) filters.paymentType = draft.paymentType;
  if (draft.location) filters.location = draft.location;
  const minRate = parseAmount(draft.minRate);
  if (minRate !== undefined && !errors.minRate) filters.minRate = minRate;
  const maxRate = parseAmount(draft.maxRate);
  if (maxRate !== undefined && !errors.maxRate) filters.maxRate = maxRate;
  const skills = parseSkills(draft.skills);
  if (skills.length) filters.skills = skills;
  return filters;
}

export const hasFilters = (filters: GigFilters): boolean => Object.keys(filters).length > 0;

/** Anything typed or chosen in the filter bar, valid or not (what "Clear filters" can clear). */
export const hasTyped = (draft: FilterDraft): boolean => KEYS.some((key) => draft[key] !== '');

