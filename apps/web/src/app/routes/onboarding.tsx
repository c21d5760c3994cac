import { onboardingStepSchemas, type ProfileUpdate } from '@app/shared/profile';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useUpdateProfile } from '../../features/auth/api/update-profile.ts';
import { useAuth } from '../../features/auth/auth-store.ts';
import {
  CheckboxGroup,
  companySizeOptions,
  contractSizeOptions,
  experienceOptions,
  industryOptions,
  regionOptions,
  SelectField,
  serviceOptions,
} from '../../features/auth/components/profile-fields.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../paths.ts';

const STEPS = ['Company Basics', 'Industry & Services', 'Experience & Preferences'] as const;

interface Values {
  company_name: string;
  company_size: string;
  industry: string;
  primary_services: string[];
  service_regions: string[];
  government_experience: string;
  typical_contract_size: string;
}

function saveError(err: unknown) {
  if (err instanceof ApiError && err.status === 401) return 'User not authenticated. Please sign in again.';
  if (err instanceof ApiError) return 'Failed to save profile. Please try again.';
  return 'An unexpected error occurred. Please try again.';
}

export function Component() {
  const { user, onboardingCompleted } = useAuth();
  const navigate = useNavigate();
  const save = useUpdateProfile();
  const [step, setStep] = useState(0);
  const profile = user?.profile;
  const { register, control, handleSubmit } = useForm<Values>({
    defaultValues: {
      company_name: profile?.company_name ?? '',
      company_size: profile?.company_size ?? '',
      industry: profile?.industry ?? '',
      primary_services: profile?.primary_services ?? [],
      service_regions: profile?.service_regions ?? [],
      government_experience: profile?.government_experience ?? '',
      typical_contract_size: profile?.typical_contract_size ?? '',
    },
  });
  const values = useWatch({ control }) as Values;
  // Continue (and Complete Setup) is enabled only when this step's required fields are filled (spec §4, §5).
  const stepValid = onboardingStepSchemas[step]!.safeParse(values).success;

  if (onboardingCompleted && !save.isPending) return <Navigate to={paths.appHome.href()} replace />;
  if (!user) return null;

  const last = step === STEPS.length - 1;
  const onSubmit = handleSubmit((v) => {
    if (!stepValid) return;
    if (!last) {
      setStep(step + 1);
      return;
    }
    const body = {
      id: user.user.id,
      ...onboardingStepSchemas[0].parse(v),
      ...onboardingStepSchemas[1].parse(v),
      ...onboardingStepSchemas[2].parse(v),
      onboarding_completed: true,
    } satisfies ProfileUpdate;
    save.mutate(body, { onSuccess: () => void navigate(paths.appHome.href()) });
  });

  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">Set up your Breeze profile</h1>
      <p className="muted">Tell us about your company so Breeze can find the tenders that fit.</p>
      <div className="progress">
        <p id="progress-label">
          Step {step + 1} of {STEPS.length}: {STEPS[step]}
        </p>
        <progress max={STEPS.length} value={step + 1} aria-labelledby="progress-label" />
      </div>
      {save.isError && <Banner kind="error">{saveError(save.error)}</Banner>}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-card auth-card--wide">
        <h2>{STEPS[step]}</h2>
        {step === 0 && (
          <>
            <Field label="Company name" autoComplete="organization" {...register('company_name')} />
            <SelectField label="Company size" options={companySizeOptions} registration={register('company_size')} />
          </>
        )}
        {step === 1 && (
          <>
            <SelectField label="Industry" options={industryOptions} registration={register('industry')} />
            <CheckboxGroup
              legend="Primary services"
              hint="Select at least one."
              options={serviceOptions}
              registration={register('primary_services')}
            />
            <CheckboxGroup
              legend="Service regions"
              hint="Select at least one."
              options={regionOptions}
              registration={register('service_regions')}
            />
          </>
        )}
        {step === 2 && (
          <>
            <SelectField
              label="Government contracting experience"
              options={experienceOptions}
              registration={register('government_experience')}
            />
            <SelectField
              label="Typical contract size"
              options={contractSizeOptions}
              registration={register('typical_contract_size')}
            />
          </>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={step === 0}
            onClick={() => setStep(step - 1)}
          >
            Previous
          </button>
          <button type="submit" className="button" disabled={!stepValid || save.isPending}>
            {last ? (save.isPending ? 'Saving...' : 'Complete Setup') : 'Continue'}
          </button>
        </div>
      </form>
      <p className="form-footer">
        <Link to={paths.dashboard.href()}>Skip for now, I'll complete this later</Link>
      </p>
    </section>
  );
}
