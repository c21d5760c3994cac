import {
  CONTRACT_SIZES,
  COMPANY_SIZES,
  GOVERNMENT_EXPERIENCE,
  INDUSTRIES,
  PRIMARY_SERVICES,
  SERVICE_REGIONS,
  type Profile,
} from '@app/shared/profile';
import type { Selectable, Updateable } from 'kysely';
import type { Db, ProfileTable } from '../../db/database.ts';

type ProfileFields = Omit<Profile, 'id' | 'created_at' | 'updated_at'>;

/** Keeps only known values, so a stored row that predates a list change still maps to the schema. */
function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

function listOf<T extends string>(list: readonly T[], json: string): T[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((v): v is T => (list as readonly unknown[]).includes(v)) : [];
}

function toProfile(row: Selectable<ProfileTable>): Profile {
  return {
    id: row.id,
    company_name: row.company_name,
    company_size: oneOf(COMPANY_SIZES, row.company_size),
    industry: oneOf(INDUSTRIES, row.industry),
    primary_services: listOf(PRIMARY_SERVICES, row.primary_services),
    service_regions: listOf(SERVICE_REGIONS, row.service_regions),
    government_experience: oneOf(GOVERNMENT_EXPERIENCE, row.government_experience),
    typical_contract_size: oneOf(CONTRACT_SIZES, row.typical_contract_size),
    onboarding_completed: row.onboarding_completed === 1,
    onboarding_skipped: row.onboarding_skipped === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function findProfile(db: Db, userId: string): Promise<Profile | undefined> {
  const row = await db.selectFrom('profile').selectAll().where('id', '=', userId).executeTakeFirst();
  return row && toProfile(row);
}

/** The user's profile, created empty with onboarding_completed false when missing (spec §4). */
export async function ensureProfile(db: Db, userId: string, nowIso: string): Promise<Profile> {
  await db
    .insertInto('profile')
    .values({
      id: userId,
      company_name: null,
      company_size: null,
      industry: null,
      primary_services: '[]',
      service_regions: '[]',
      government_experience: null,
      typical_contract_size: null,
      onboarding_completed: 0,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const profile = await findProfile(db, userId);
  if (!profile) throw new Error(`profile ${userId} missing after insert`);
  return profile;
}

/** Writes the given fields; fields left undefined keep their value. */
export async function updateProfile(
  db: Db,
  userId: string,
  fields: Partial<ProfileFields>,
  nowIso: string,
): Promise<Profile> {
  const set: Updateable<ProfileTable> = { updated_at: nowIso };
  if (fields.company_name !== undefined) set.company_name = fields.company_name?.trim() || null;
  if (fields.company_size !== undefined) set.company_size = fields.company_size;
  if (fields.industry !== undefined) set.industry = fields.industry;
  if (fields.primary_services !== undefined) set.primary_services = JSON.stringify(fields.primary_services);
  if (fields.service_regions !== undefined) set.service_regions = JSON.stringify(fields.service_regions);
  if (fields.government_experience !== undefined) set.government_experience = fields.government_experience;
  if (fields.typical_contract_size !== undefined) set.typical_contract_size = fields.typical_contract_size;
  if (fields.onboarding_completed !== undefined) set.onboarding_completed = fields.onboarding_completed ? 1 : 0;
  if (fields.onboarding_skipped !== undefined) set.onboarding_skipped = fields.onboarding_skipped ? 1 : 0;
  await ensureProfile(db, userId, nowIso);
  await db.updateTable('profile').set(set).where('id', '=', userId).execute();
  const profile = await findProfile(db, userId);
  if (!profile) throw new Error(`profile ${userId} missing after update`);
  return profile;
}
