import { onboardingStepSchemas, type ProfileUpdate } from '@app/shared/profile';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { Banner, Field } from '../../components/ui/form.tsx';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import '../../features/auth/auth.css';
import { useUpdateProfile } from '../../features/auth/api/update-profile.ts';
import { useAuth } from '../../features/auth/auth-store.ts';
import { CheckboxGroup, SelectField, useProfileOptions } from '../../features/auth/components/profile-fields.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../paths.ts';

const STEPS = ['basics', 'industry', 'experience'] as const;

interface Values {
  company_name: string;
  company_size: string;
  industry: string;
  primary_services: string[];
  service_regions: string[];
  government_experience: string;
  typical_contract_size: string;
}

/** Spec §8's onboarding messages. */
function saveErrorKey(err: unknown) {
  if (err instanceof ApiError && err.status === 401) return 'errors.notAuthenticated' as const;
  if (err instanceof ApiError && err.status !== 0) return 'errors.saveFailed' as const;
  return 'errors.unexpected' as const;
}

export function Component() {
  const { t } = useTranslation('onboarding');
  const { t: tp } = useTranslation('profile');
  const options = useProfileOptions();
  const { user, onboardingCompleted } = useAuth();
  const navigate = useNavigate();
  const save = useUpdateProfile();
  const skip = useUpdateProfile();
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
  const stepName = t(`steps.${STEPS[step]!}`);
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

  // 'Skip for now' (spec §2 → /dashboard): the choice is saved, so the onboarding guard lets the user in
  // with an incomplete profile, and the home page invites them to complete it.
  const onSkip = () =>
    skip.mutate(
      { id: user.user.id, onboarding_skipped: true },
      { onSuccess: () => void navigate(paths.dashboard.href()) },
    );
  const failed = save.isError ? save.error : skip.isError ? skip.error : null;

  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      {/* No header here (spec §2): the language switch comes with the page. */}
      <div className="onboarding__bar">
        <LanguageSwitch />
      </div>
      <h1 id="onboarding-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <div className="progress">
        <p id="progress-label">{t('progress', { step: step + 1, total: STEPS.length, name: stepName })}</p>
        <progress max={STEPS.length} value={step + 1} aria-labelledby="progress-label" />
      </div>
      {failed && <Banner kind="error">{t(saveErrorKey(failed))}</Banner>}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-card auth-card--wide">
        <h2>{stepName}</h2>
        {step === 0 && (
          <>
            <Field label={tp('fields.companyName')} autoComplete="organization" {...register('company_name')} />
            <SelectField
              label={tp('fields.companySize')}
              options={options.companySize}
              registration={register('company_size')}
            />
          </>
        )}
        {step === 1 && (
          <>
            <SelectField label={tp('fields.industry')} options={options.industry} registration={register('industry')} />
            <CheckboxGroup
              legend={tp('fields.primaryServices')}
              hint={t('selectAtLeastOne')}
              options={options.service}
              registration={register('primary_services')}
            />
            <CheckboxGroup
              legend={tp('fields.serviceRegions')}
              hint={t('selectAtLeastOne')}
              options={options.region}
              registration={register('service_regions')}
            />
          </>
        )}
        {step === 2 && (
          <>
            <SelectField
              label={tp('fields.governmentExperience')}
              options={options.experience}
              registration={register('government_experience')}
            />
            <SelectField
              label={tp('fields.typicalContractSize')}
              options={options.contractSize}
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
            {t('previous')}
          </button>
          <button type="submit" className="button" disabled={!stepValid || save.isPending}>
            {last ? (save.isPending ? t('saving') : t('complete')) : t('continue')}
          </button>
        </div>
      </form>
      <p className="form-footer">
        <Link
          to={paths.dashboard.href()}
          aria-disabled={skip.isPending || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!skip.isPending) onSkip();
          }}
        >
          {skip.isPending ? t('skipping') : t('skip')}
        </Link>
      </p>
    </section>
  );
}
