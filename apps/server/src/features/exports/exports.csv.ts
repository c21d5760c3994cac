import { stringify, type Stringifier } from 'csv-stringify';
import { CATEGORY_LABELS } from '@app/shared/constants';
import type { Tender } from '@app/shared/tender';

// The CSV of an export (ADR 0013): UTF-8 with a byte-order mark so Excel reads French accents,
// CRLF line ends (RFC 4180), every cell text, and no cell that a spreadsheet would run as a formula.

export type ExportLocale = 'en' | 'fr';

/**
 * OWASP CSV injection: a cell starting with = + - @ tab or carriage return is read as a formula
 * by Excel, LibreOffice and Google Sheets. Such a cell is prefixed with a single quote, which the
 * spreadsheet shows as text; csv-stringify then quotes the cell if it needs quoting.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const STATUS_FR: Record<string, string> = {
  Active: 'Actif',
  Open: 'Ouvert',
  Closed: 'Fermé',
  Cancelled: 'Annulé',
  Awarded: 'Attribué',
};
const CATEGORY_FR: Record<string, string> = {
  CNST: 'Construction',
  GD: 'Biens',
  SRV: 'Services',
  SRVTGD: 'Services liés aux biens',
};

/** 'CNST*SRV' → 'Construction; Services' (spec §5: asterisk-separated codes, anything else Unknown). */
export function categoryText(value: string | null, locale: ExportLocale): string {
  if (!value) return '';
  return value
    .split('*')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
    .map((c) =>
      locale === 'fr' ? (CATEGORY_FR[c] ?? 'Inconnue') : ((CATEGORY_LABELS as Record<string, string>)[c] ?? 'Unknown'),
    )
    .join('; ');
}

/** '2026-12-01T19:00:00.000Z' → '2026-12-01 19:00' (UTC, said in the heading). */
export function dateTimeText(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toISOString().slice(0, 16).replace('T', ' ');
}
const dateText = (v: string | null) => (v ? v.slice(0, 10) : '');
const codeWith = (code: string | null, description: string | null) =>
  [code, description].filter((x) => x && x.trim()).join(' – ');
const pick = (en: string | null, fr: string | null, locale: ExportLocale) =>
  locale === 'fr' ? fr?.trim() || en || '' : en?.trim() || fr || '';

interface Column<R> {
  header: Record<ExportLocale, string>;
  value: (row: R, ctx: { publicUrl: string; locale: ExportLocale }) => string;
}

/** The spec's Tender fields (§3) in readable form, plus the Breeze link built from PUBLIC_URL. */
export const TENDER_COLUMNS: Array<Column<Tender>> = [
  { header: { en: 'Title', fr: 'Titre' }, value: (t, c) => pick(t.title, t.title_fr, c.locale) },
  {
    header: { en: 'Status', fr: 'Statut' },
    value: (t, c) => (c.locale === 'fr' ? (STATUS_FR[t.status] ?? t.status) : t.status),
  },
  { header: { en: 'Notice type', fr: "Type d'avis" }, value: (t) => t.procurement_type ?? '' },
  { header: { en: 'Procurement method', fr: "Méthode d'approvisionnement" }, value: (t) => t.procurement_method ?? '' },
  { header: { en: 'Category', fr: 'Catégorie' }, value: (t, c) => categoryText(t.category_primary, c.locale) },
  { header: { en: 'GSIN', fr: 'NIBS' }, value: (t) => codeWith(t.gsin, t.gsin_description) },
  { header: { en: 'UNSPSC', fr: 'UNSPSC' }, value: (t) => codeWith(t.unspsc, t.unspsc_description) },
  { header: { en: 'Organization', fr: 'Organisation' }, value: (t) => t.contracting_entity_name ?? '' },
  { header: { en: 'City', fr: 'Ville' }, value: (t) => t.contracting_entity_city ?? '' },
  { header: { en: 'Province', fr: 'Province' }, value: (t) => t.contracting_entity_province ?? '' },
  { header: { en: 'Country', fr: 'Pays' }, value: (t) => t.contracting_entity_country ?? '' },
  { header: { en: 'Delivery location', fr: 'Lieu de livraison' }, value: (t) => t.delivery_location ?? '' },
  { header: { en: 'Published', fr: 'Publication' }, value: (t) => dateText(t.published_date) },
  { header: { en: 'Closing (UTC)', fr: 'Clôture (UTC)' }, value: (t) => dateTimeText(t.closing_date) },
  { header: { en: 'Contract start', fr: 'Début du contrat' }, value: (t) => dateText(t.contract_start_date) },
  {
    header: { en: 'Estimated value (CAD)', fr: 'Valeur estimée ($ CA)' },
    value: (t) => (t.estimated_value === null ? '' : String(Math.round(t.estimated_value))),
  },
  { header: { en: 'Contact name', fr: 'Personne-ressource' }, value: (t) => t.contact_name ?? '' },
  { header: { en: 'Contact email', fr: 'Courriel' }, value: (t) => t.contact_email ?? '' },
  { header: { en: 'Contact phone', fr: 'Téléphone' }, value: (t) => t.contact_phone ?? '' },
  { header: { en: 'Source reference', fr: 'Référence de la source' }, value: (t) => t.source_reference ?? '' },
  { header: { en: 'Official notice', fr: 'Avis officiel' }, value: (t) => t.source_url ?? '' },
  {
    header: { en: 'Breeze link', fr: 'Lien Breeze' },
    value: (t, c) => `${c.publicUrl}/tender-notice/${encodeURIComponent(t.id)}`,
  },
  { header: { en: 'Tender ID', fr: "ID de l'appel d'offres" }, value: (t) => t.id },
  {
    header: { en: 'Description', fr: 'Description' },
    value: (t, c) => pick(t.description, t.description_fr, c.locale),
  },
];

/** Columns of an export: the tender's, then the ones its kind adds (match, bookmark). */
export function exportColumns<R>(tender: (row: R) => Tender, extra: Array<Column<R>> = []): Array<Column<R>> {
  return [
    ...TENDER_COLUMNS.map((c) => ({
      header: c.header,
      value: (row: R, ctx: Parameters<Column<Tender>['value']>[1]) => c.value(tender(row), ctx),
    })),
    ...extra,
  ];
}

export type { Column };

/**
 * A CSV writer for the columns: a stream to pipe records into and to send as the response. The
 * heading row comes first, then one line per record, every cell neutralised.
 */
export function csvWriter<R>(columns: Array<Column<R>>, ctx: { publicUrl: string; locale: ExportLocale }) {
  const stringifier: Stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((c, i) => ({ key: String(i), header: neutraliseCell(c.header[ctx.locale]) })),
    record_delimiter: '\r\n',
  });
  const toRecord = (row: R): string[] => columns.map((c) => neutraliseCell(c.value(row, ctx)));
  return { stringifier, toRecord };
}
