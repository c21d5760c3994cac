/**
 * The CanadaBuys tender-notice CSV header (data/SOURCES.md §1.3), in file order. The odd
 * spellings ("nomEntitContractante", "contacterInfoVille") are the real ones.
 */
export const CANADABUYS_COLUMNS = [
  'title-titre-eng',
  'title-titre-fra',
  'referenceNumber-numeroReference',
  'amendmentNumber-numeroModification',
  'solicitationNumber-numeroSollicitation',
  'publicationDate-datePublication',
  'tenderClosingDate-appelOffresDateCloture',
  'amendmentDate-dateModification',
  'expectedContractStartDate-dateDebutContratPrevue',
  'expectedContractEndDate-dateFinContratPrevue',
  'tenderStatus-appelOffresStatut-eng',
  'tenderStatus-appelOffresStatut-fra',
  'gsin-nibs',
  'gsinDescription-nibsDescription-eng',
  'gsinDescription-nibsDescription-fra',
  'unspsc',
  'unspscDescription-eng',
  'unspscDescription-fra',
  'procurementCategory-categorieApprovisionnement',
  'noticeType-avisType-eng',
  'noticeType-avisType-fra',
  'procurementMethod-methodeApprovisionnement-eng',
  'procurementMethod-methodeApprovisionnement-fra',
  'selectionCriteria-criteresSelection-eng',
  'selectionCriteria-criteresSelection-fra',
  'limitedTenderingReason-raisonAppelOffresLimite-eng',
  'limitedTenderingReason-raisonAppelOffresLimite-fra',
  'tradeAgreements-accordsCommerciaux-eng',
  'tradeAgreements-accordsCommerciaux-fra',
  'regionsOfOpportunity-regionAppelOffres-eng',
  'regionsOfOpportunity-regionAppelOffres-fra',
  'regionsOfDelivery-regionsLivraison-eng',
  'regionsOfDelivery-regionsLivraison-fra',
  'contractingEntityName-nomEntitContractante-eng',
  'contractingEntityAddressLine-ligneAdresseEntiteContractante-eng',
  'contractingEntityAddressCity-entiteContractanteAdresseVille-eng',
  'contractingEntityAddressProvince-entiteContractanteAdresseProvince-eng',
  'contractingEntityAddressPostalCode-entiteContractanteAdresseCodePostal',
  'contractingEntityAddressCountry-entiteContractanteAdressePays-eng',
  'contractingEntityName-nomEntitContractante-fra',
  'contractingEntityAddressLine-ligneAdresseEntiteContractante-fra',
  'contractingEntityAddressCity-entiteContractanteAdresseVille-fra',
  'contractingEntityAddressProvince-entiteContractanteAdresseProvince-fra',
  'contractingEntityAddressCountry-entiteContractanteAdressePays-fra',
  'endUserEntitiesName-nomEntitesUtilisateurFinal-eng',
  'endUserEntitiesAddress-adresseEntitesUtilisateurFinal-eng',
  'endUserEntitiesName-nomEntitesUtilisateurFinal-fra',
  'endUserEntitiesAddress-adresseEntitesUtilisateurFinal-fra',
  'contactInfoName-informationsContactNom',
  'contactInfoEmail-informationsContactCourriel',
  'contactInfoPhone-contactInfoTelephone',
  'contactInfoFax',
  'contactInfoAddressLine-contactInfoAdresseLigne-eng',
  'contactInfoCity-contacterInfoVille-eng',
  'contactInfoProvince-contacterInfoProvince-eng',
  'contactInfoPostalcode',
  'contactInfoCountry-contactInfoPays-eng',
  'contactInfoAddressLine-contactInfoAdresseLigne-fra',
  'contactInfoCity-contacterInfoVille-fra',
  'contactInfoProvince-contacterInfoProvince-fra',
  'contactInfoCountry-contactInfoPays-fra',
  'noticeURL-URLavis-eng',
  'noticeURL-URLavis-fra',
  'attachment-piecesJointes-eng',
  'attachment-piecesJointes-fra',
  'tenderDescription-descriptionAppelOffres-eng',
  'tenderDescription-descriptionAppelOffres-fra',
] as const;

export type CanadaBuysColumn = (typeof CANADABUYS_COLUMNS)[number];

/** One CSV record keyed by the canonical header; a column absent from the file reads as missing. */
export type CanadaBuysRecord = Partial<Record<CanadaBuysColumn, string>>;

/** Short names for the columns the adapter reads, so the mapping stays legible. */
export const COL = {
  titleEn: 'title-titre-eng',
  titleFr: 'title-titre-fra',
  reference: 'referenceNumber-numeroReference',
  amendment: 'amendmentNumber-numeroModification',
  solicitation: 'solicitationNumber-numeroSollicitation',
  published: 'publicationDate-datePublication',
  closing: 'tenderClosingDate-appelOffresDateCloture',
  amendmentDate: 'amendmentDate-dateModification',
  contractStart: 'expectedContractStartDate-dateDebutContratPrevue',
  contractEnd: 'expectedContractEndDate-dateFinContratPrevue',
  statusEn: 'tenderStatus-appelOffresStatut-eng',
  statusFr: 'tenderStatus-appelOffresStatut-fra',
  gsin: 'gsin-nibs',
  gsinDescEn: 'gsinDescription-nibsDescription-eng',
  gsinDescFr: 'gsinDescription-nibsDescription-fra',
  unspsc: 'unspsc',
  unspscDescEn: 'unspscDescription-eng',
  unspscDescFr: 'unspscDescription-fra',
  category: 'procurementCategory-categorieApprovisionnement',
  noticeTypeEn: 'noticeType-avisType-eng',
  noticeTypeFr: 'noticeType-avisType-fra',
  methodEn: 'procurementMethod-methodeApprovisionnement-eng',
  methodFr: 'procurementMethod-methodeApprovisionnement-fra',
  selectionEn: 'selectionCriteria-criteresSelection-eng',
  selectionFr: 'selectionCriteria-criteresSelection-fra',
  limitedReasonEn: 'limitedTenderingReason-raisonAppelOffresLimite-eng',
  limitedReasonFr: 'limitedTenderingReason-raisonAppelOffresLimite-fra',
  tradeEn: 'tradeAgreements-accordsCommerciaux-eng',
  tradeFr: 'tradeAgreements-accordsCommerciaux-fra',
  opportunityEn: 'regionsOfOpportunity-regionAppelOffres-eng',
  opportunityFr: 'regionsOfOpportunity-regionAppelOffres-fra',
  deliveryEn: 'regionsOfDelivery-regionsLivraison-eng',
  deliveryFr: 'regionsOfDelivery-regionsLivraison-fra',
  entityNameEn: 'contractingEntityName-nomEntitContractante-eng',
  entityAddressEn: 'contractingEntityAddressLine-ligneAdresseEntiteContractante-eng',
  entityCityEn: 'contractingEntityAddressCity-entiteContractanteAdresseVille-eng',
  entityProvinceEn: 'contractingEntityAddressProvince-entiteContractanteAdresseProvince-eng',
  entityPostalCode: 'contractingEntityAddressPostalCode-entiteContractanteAdresseCodePostal',
  entityCountryEn: 'contractingEntityAddressCountry-entiteContractanteAdressePays-eng',
  entityNameFr: 'contractingEntityName-nomEntitContractante-fra',
  endUserNameEn: 'endUserEntitiesName-nomEntitesUtilisateurFinal-eng',
  endUserAddressEn: 'endUserEntitiesAddress-adresseEntitesUtilisateurFinal-eng',
  contactName: 'contactInfoName-informationsContactNom',
  contactEmail: 'contactInfoEmail-informationsContactCourriel',
  contactPhone: 'contactInfoPhone-contactInfoTelephone',
  contactFax: 'contactInfoFax',
  contactAddressEn: 'contactInfoAddressLine-contactInfoAdresseLigne-eng',
  contactCityEn: 'contactInfoCity-contacterInfoVille-eng',
  contactProvinceEn: 'contactInfoProvince-contacterInfoProvince-eng',
  contactPostalCode: 'contactInfoPostalcode',
  contactCountryEn: 'contactInfoCountry-contactInfoPays-eng',
  noticeUrlEn: 'noticeURL-URLavis-eng',
  attachmentsEn: 'attachment-piecesJointes-eng',
  attachmentsFr: 'attachment-piecesJointes-fra',
  descriptionEn: 'tenderDescription-descriptionAppelOffres-eng',
  descriptionFr: 'tenderDescription-descriptionAppelOffres-fra',
} as const satisfies Record<string, CanadaBuysColumn>;

/**
 * Columns without which a file cannot be the tender-notice feed. Other columns may be absent
 * (they read as empty) so that a column added or dropped upstream does not stop ingestion.
 */
export const REQUIRED_COLUMNS: readonly CanadaBuysColumn[] = [
  COL.titleEn,
  COL.titleFr,
  COL.reference,
  COL.amendment,
  COL.solicitation,
  COL.published,
  COL.closing,
  COL.statusEn,
  COL.category,
  COL.noticeTypeEn,
  COL.methodEn,
  COL.entityNameEn,
  COL.descriptionEn,
];

/** Header spellings seen in older files (SOURCES.md §1.2, "historical alias"). */
const HEADER_ALIASES: Record<string, CanadaBuysColumn> = {
  'tenderClosingDate-appelOffresdateCloture': COL.closing,
};

const KNOWN = new Set<string>(CANADABUYS_COLUMNS);

export interface ResolvedHeader {
  /** Canonical column for each position of the file's header (undefined: a column we do not read). */
  columns: Array<CanadaBuysColumn | undefined>;
  /** The header as written in the file, for the raw JSON of each record. */
  original: string[];
  /** The file's columns are exactly CANADABUYS_COLUMNS, in that order (the official files). */
  canonical: boolean;
}

/** The whole file is unusable (not the tender-notice format, empty, unreadable CSV). */
export class InvalidFileError extends Error {
  override name = 'InvalidFileError';
}

export class MissingColumnsError extends InvalidFileError {
  constructor(readonly missing: string[]) {
    super(
      `Not a CanadaBuys tender-notice file: the header lacks ${missing.length} required column(s): ${missing.join(', ')}`,
    );
  }
}

/** Maps the file's header to canonical columns, or throws when required columns are missing. */
export function resolveHeader(header: string[]): ResolvedHeader {
  const original = header.map((h) => h.trim());
  const columns = original.map((h) => (KNOWN.has(h) ? (h as CanadaBuysColumn) : HEADER_ALIASES[h]));
  const present = new Set(columns);
  const missing = REQUIRED_COLUMNS.filter((c) => !present.has(c));
  if (missing.length > 0) throw new MissingColumnsError(missing);
  const canonical =
    columns.length === CANADABUYS_COLUMNS.length && columns.every((c, i) => c === CANADABUYS_COLUMNS[i]);
  return { columns, original, canonical };
}

/**
 * The raw row as stored in tender.raw: a JSON array of the values in the official column order
 * (CANADABUYS_COLUMNS; a column the file lacks is ''), followed, when the file has columns the
 * adapter does not know, by an object of those columns by their names. Half the size of an
 * object keyed by the 67 long column names, and as lossless.
 */
export function rawRow(header: ResolvedHeader, values: string[], record: CanadaBuysRecord): string {
  if (header.canonical) return JSON.stringify(values);
  const row: unknown[] = CANADABUYS_COLUMNS.map((c) => record[c] ?? '');
  const extra: Record<string, string> = {};
  header.columns.forEach((c, i) => {
    if (c === undefined) extra[header.original[i] ?? `column${i + 1}`] = values[i] ?? '';
  });
  if (Object.keys(extra).length > 0) row.push(extra);
  return JSON.stringify(row);
}
