/** Constants of the product spec (§5, §9) shared by the server and the web app. */

/** The ten provinces and three territories (spec §9 "Service regions"). */
export const PROVINCES = [
  'Alberta',
  'British Columbia',
  'Manitoba',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Nova Scotia',
  'Ontario',
  'Prince Edward Island',
  'Quebec',
  'Saskatchewan',
  'Northwest Territories',
  'Nunavut',
  'Yukon',
] as const;
export type Province = (typeof PROVINCES)[number];

/** Postal abbreviations and French names, so `ON`, `Ontario ` and `Québec` all normalise. */
export const PROVINCE_ALIASES: Record<string, Province> = {
  ab: 'Alberta',
  alta: 'Alberta',
  bc: 'British Columbia',
  'c.-b.': 'British Columbia',
  'colombie-britannique': 'British Columbia',
  mb: 'Manitoba',
  nb: 'New Brunswick',
  'nouveau-brunswick': 'New Brunswick',
  nl: 'Newfoundland and Labrador',
  nf: 'Newfoundland and Labrador',
  newfoundland: 'Newfoundland and Labrador',
  'terre-neuve-et-labrador': 'Newfoundland and Labrador',
  ns: 'Nova Scotia',
  'nouvelle-écosse': 'Nova Scotia',
  on: 'Ontario',
  ont: 'Ontario',
  pe: 'Prince Edward Island',
  pei: 'Prince Edward Island',
  'île-du-prince-édouard': 'Prince Edward Island',
  qc: 'Quebec',
  que: 'Quebec',
  pq: 'Quebec',
  québec: 'Quebec',
  sk: 'Saskatchewan',
  sask: 'Saskatchewan',
  nt: 'Northwest Territories',
  nwt: 'Northwest Territories',
  'territoires du nord-ouest': 'Northwest Territories',
  nu: 'Nunavut',
  yt: 'Yukon',
  yk: 'Yukon',
};

/** Regions offered by the search and table filters (spec §9, 10 regions). */
export const FILTER_REGIONS = [
  'Ontario',
  'British Columbia',
  'Alberta',
  'Quebec',
  'Manitoba',
  'Saskatchewan',
  'Nova Scotia',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Prince Edward Island',
] as const;

/** Tender category codes (spec §5). Anything else reads as Unknown. */
export const CATEGORY_LABELS = {
  CNST: 'Construction',
  GD: 'Goods',
  SRV: 'Services',
  SRVTGD: 'Service related to Goods',
} as const;
export type CategoryCode = keyof typeof CATEGORY_LABELS;
export const CATEGORY_CODES = Object.keys(CATEGORY_LABELS) as CategoryCode[];

/** Effective tender statuses (spec §2 table view). */
export const TENDER_STATUSES = ['Active', 'Open', 'Closed', 'Cancelled', 'Awarded'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

/** Procurement methods offered by the search filter panel (spec §9). */
export const SEARCH_PROCUREMENT_METHODS = [
  'Request for Proposal',
  'Request for Quotation',
  'Invitation to Qualify',
  'Standing Offer',
] as const;

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_LIMIT = 100;
export const TABLE_PAGE_SIZE = 50;
export const URGENT_DEADLINE_DAYS = 7;

export const TENDER_SOURCES = ['canadabuys', 'demo'] as const;
export type TenderSource = (typeof TENDER_SOURCES)[number];
/** Display names of the sources (landing and about pages); an unknown source shows its id. */
export const TENDER_SOURCE_LABELS: Record<TenderSource, string> = { canadabuys: 'CanadaBuys', demo: 'Demo data' };

// CSV exports (ADR 0013). Each export counts one against the plan's monthly `exports` limit.

/** Most rows one export of the table view or of the bookmarks holds (the first ones, in the screen's order). */
export const EXPORT_MAX_ROWS = 5_000;
/** Most rows one export of search results holds: the search counts and ranks at most 1,000 matches (ADR 0004). */
export const SEARCH_EXPORT_MAX_ROWS = 1_000;
/** Response headers of an export besides the CSV itself. */
export const EXPORT_HEADERS = {
  /** Rows in the file. */
  rows: 'x-export-rows',
  /** Rows the criteria matched (the file holds at most the cap). */
  total: 'x-export-total',
} as const;
