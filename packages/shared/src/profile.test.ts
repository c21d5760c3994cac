import { describe, expect, test } from 'vitest';
import { emailSchema, signupBodySchema } from './auth.ts';
import {
  COMPANY_SIZES,
  CONTRACT_SIZES,
  GOVERNMENT_EXPERIENCE,
  INDUSTRIES,
  missingOnboardingFields,
  onboardingStepSchemas,
  PRIMARY_SERVICES,
  profileUpdateSchema,
  SERVICE_REGIONS,
} from './profile.ts';

describe('profile enumerations (spec §9)', () => {
  test('hold the spec values', () => {
    expect(COMPANY_SIZES).toEqual(['1-10', '11-50', '51-200', '201-1000', '1000+']);
    expect(INDUSTRIES).toHaveLength(10);
    expect(PRIMARY_SERVICES).toHaveLength(21);
    expect(new Set(PRIMARY_SERVICES).size).toBe(21);
    expect(SERVICE_REGIONS).toHaveLength(13);
    expect(GOVERNMENT_EXPERIENCE).toEqual(['none', 'some', 'experienced', 'expert']);
    expect(CONTRACT_SIZES).toEqual(['under-50k', '50k-250k', '250k-1m', '1m-5m', '5m+']);
  });

  test('each onboarding step requires its fields (spec §5)', () => {
    expect(onboardingStepSchemas[0].safeParse({ company_name: ' ', company_size: '1-10' }).success).toBe(false);
    expect(
      onboardingStepSchemas[1].safeParse({ industry: 'other', primary_services: [], service_regions: ['Yukon'] })
        .success,
    ).toBe(false);
    expect(
      onboardingStepSchemas[2].safeParse({ government_experience: 'expert', typical_contract_size: '5m+' }).success,
    ).toBe(true);
    expect(missingOnboardingFields({ company_name: 'A', industry: 'other' })).toEqual([
      'company_size',
      'primary_services',
      'service_regions',
      'government_experience',
      'typical_contract_size',
    ]);
  });

  test('updates refuse unknown fields and control characters in the name', () => {
    expect(profileUpdateSchema.safeParse({ id: 'u1', plan: 'pro' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ id: 'u1', company_name: 'A\u0000B' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ id: 'u1', company_name: null }).success).toBe(true);
  });
});

describe('auth schemas', () => {
  test('emails are trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ada@Example.CA ')).toBe('ada@example.ca');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
  });

  test('sign-up accepts only email, password and locale', () => {
    expect(signupBodySchema.safeParse({ email: 'a@b.ca', password: '12345678', locale: 'fr' }).success).toBe(true);
    expect(signupBodySchema.safeParse({ email: 'a@b.ca', password: '12345678', admin: true }).success).toBe(false);
  });
});
