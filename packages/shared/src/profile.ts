import { z } from 'zod';
import { PROVINCES } from './constants.ts';

/** Profile enumerations of spec §9. The stored value is the string itself. */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const INDUSTRIES = [
  'it-services',
  'construction',
  'consulting',
  'professional-services',
  'healthcare',
  'education',
  'manufacturing',
  'transportation',
  'maintenance',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const INDUSTRY_LABELS: Record<Industry, string> = {
  'it-services': 'IT Services',
  construction: 'Construction',
  consulting: 'Consulting',
  'professional-services': 'Professional Services',
  healthcare: 'Healthcare',
  education: 'Education',
  manufacturing: 'Manufacturing',
  transportation: 'Transportation',
  maintenance: 'Maintenance',
  other: 'Other',
};

/** The 21 primary services (spec §9). */
export const PRIMARY_SERVICES = [
  'Software Development',
  'IT Support & Maintenance',
  'Cybersecurity',
  'Data Analytics',
  'Cloud Services',
  'Digital Transformation',
  'Construction',
  'Infrastructure',
  'Architecture & Engineering',
  'Project Management',
  'Business Consulting',
  'HR Services',
  'Legal Services',
  'Financial Services',
  'Marketing & Communications',
  'Training & Education',
  'Research & Development',
  'Equipment Supply',
  'Facility Management',
  'Security Services',
  'Other',
] as const;
export type PrimaryService = (typeof PRIMARY_SERVICES)[number];

/** Service regions: the ten provinces and three territories (spec §9). */
export const SERVICE_REGIONS = PROVINCES;
export type ServiceRegion = (typeof SERVICE_REGIONS)[number];

export const GOVERNMENT_EXPERIENCE = ['none', 'some', 'experienced', 'expert'] as const;
export type GovernmentExperience = (typeof GOVERNMENT_EXPERIENCE)[number];
export const GOVERNMENT_EXPERIENCE_LABELS: Record<GovernmentExperience, string> = {
  none: 'None (new to government contracts)',
  some: 'Some (1-5 contracts)',
  experienced: 'Experienced (6+ contracts)',
  expert: 'Expert (50+ contracts)',
};

export const CONTRACT_SIZES = ['under-50k', '50k-250k', '250k-1m', '1m-5m', '5m+'] as const;
export type ContractSize = (typeof CONTRACT_SIZES)[number];
export const CONTRACT_SIZE_LABELS: Record<ContractSize, string> = {
  'under-50k': 'Under $50K',
  '50k-250k': '$50K - $250K',
  '250k-1m': '$250K - $1M',
  '1m-5m': '$1M - $5M',
  '5m+': '$5M+',
};

export const COMPANY_NAME_MAX_LENGTH = 200;
/** Control characters (NUL above all: PostgreSQL text refuses it) have no place in a name. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;
/** User ids are UUIDs; ids in paths and bodies are checked as plain tokens. */
export const userIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id');

/** The Profile entity of spec §3; `id` is the user's id. Unset values are null or empty lists. */
export const profileSchema = z.object({
  id: z.string(),
  company_name: z.string().nullable(),
  company_size: z.enum(COMPANY_SIZES).nullable(),
  industry: z.enum(INDUSTRIES).nullable(),
  primary_services: z.array(z.enum(PRIMARY_SERVICES)),
  service_regions: z.array(z.enum(SERVICE_REGIONS)),
  government_experience: z.enum(GOVERNMENT_EXPERIENCE).nullable(),
  typical_contract_size: z.enum(CONTRACT_SIZES).nullable(),
  onboarding_completed: z.boolean(),
  /**
   * 'Skip for now, I'll complete this later' (spec §2) was chosen: the onboarding guard lets the user
   * in with an incomplete profile until they complete it. Not a spec §3 field: the skip needs a record.
   */
  onboarding_skipped: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const uniqueList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((list) => new Set(list).size === list.length, 'must not repeat a value');

/** Fields a user may set; each one optional (spec §5: profile edit has no required-field checks). */
export const profileFieldsSchema = z.object({
  company_name: z
    .string()
    .trim()
    .max(COMPANY_NAME_MAX_LENGTH)
    .regex(NO_CONTROL_CHARS, 'must not contain control characters')
    .nullable()
    .optional(),
  company_size: z.enum(COMPANY_SIZES).nullable().optional(),
  industry: z.enum(INDUSTRIES).nullable().optional(),
  primary_services: uniqueList(z.enum(PRIMARY_SERVICES), PRIMARY_SERVICES.length).optional(),
  service_regions: uniqueList(z.enum(SERVICE_REGIONS), SERVICE_REGIONS.length).optional(),
  government_experience: z.enum(GOVERNMENT_EXPERIENCE).nullable().optional(),
  typical_contract_size: z.enum(CONTRACT_SIZES).nullable().optional(),
  onboarding_completed: z.boolean().optional(),
  onboarding_skipped: z.boolean().optional(),
});

/** POST /profile body (spec §7): the id plus any profile fields. */
export const profileUpdateSchema = profileFieldsSchema.extend({ id: userIdSchema }).strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Onboarding steps (spec §5): what each step requires before Continue is enabled. */
export const onboardingStepSchemas = [
  z.object({
    company_name: z.string().trim().min(1, 'Company name is required').max(COMPANY_NAME_MAX_LENGTH),
    company_size: z.enum(COMPANY_SIZES),
  }),
  z.object({
    industry: z.enum(INDUSTRIES),
    primary_services: z.array(z.enum(PRIMARY_SERVICES)).min(1, 'Select at least one service'),
    service_regions: z.array(z.enum(SERVICE_REGIONS)).min(1, 'Select at least one region'),
  }),
  z.object({ government_experience: z.enum(GOVERNMENT_EXPERIENCE), typical_contract_size: z.enum(CONTRACT_SIZES) }),
] as const;

/** What a profile must hold to be marked onboarded: every step's required fields. */
export const completedProfileSchema = onboardingStepSchemas[0]
  .extend(onboardingStepSchemas[1].shape)
  .extend(onboardingStepSchemas[2].shape);

/** Names of the required fields still missing, for a clear message when completing onboarding. */
export function missingOnboardingFields(profile: Partial<Profile>): string[] {
  const result = completedProfileSchema.safeParse(profile);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((i) => String(i.path[0])))];
}
