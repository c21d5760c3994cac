import { type Profile, profileFieldsSchema } from '@app/shared/profile';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Banner, Field } from '../../components/ui/form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { profileQuery } from '../../features/auth/api/get-profile.ts';
import { useUpdateProfile } from '../../features/auth/api/update-profile.ts';
import { authStore, useAuth } from '../../features/auth/auth-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { CheckboxGroup, SelectField, useProfileOptions } from '../../features/auth/components/profile-fields.tsx';

/** Spec §9: the success message disappears after 3 seconds. */
const SUCCESS_MS = 3_000;

interface Values {
  company_name: string;
  company_size: string;
  industry: string;
  primary_services: string[];
  service_regions: string[];
  government_experience: string;
  typical_contract_size: string;
}

const toValues = (p: Profile): Values => ({
  company_name: p.company_name ?? '',
  company_size: p.company_size ?? '',
  industry: p.industry ?? '',
  primary_services: p.primary_services,
  service_regions: p.service_regions,
  government_experience: p.government_experience ?? '',
  typical_contract_size: p.typical_contract_size ?? '',
});

const orNull = (s: string) => (s === '' ? null : s);

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * /profile (spec §2): the profile as the server has it now (it may have changed in another tab).
 * 'Loading your profile...' shows until it has arrived.
 */
export function Component() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const userId = user?.user.id ?? '';
  const loaded = useQuery({ ...profileQuery(userId), enabled: userId !== '' });

  // The header and the guards read the stored copy: keep it as fresh as this page.
  useEffect(() => {
    if (loaded.data) authStore.setProfile(loaded.data);
  }, [loaded.data]);

  const profile = loaded.data ?? (loaded.isError ? user?.profile : undefined);
  if (!profile) return <PageLoader label={t('loading')} />;
  return <ProfileView profile={profile} />;
}

function ProfileView({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const { t: ta } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const options = useProfileOptions();
  const save = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState<false | 'failed' | 'noUser'>(false);
  const { register, handleSubmit, reset } = useForm<Values>({ defaultValues: toValues(profile) });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const name = profile.company_name || t('yourCompany');
  const industry = profile.industry ? tc(`domain.industries.${profile.industry}`) : t('notSet');

  const onSubmit = handleSubmit((v) => {
    setFailed(false);
    setSaved(false);
    const parsed = profileFieldsSchema.safeParse({
      company_name: orNull(v.company_name.trim()),
      company_size: orNull(v.company_size),
      industry: orNull(v.industry),
      primary_services: v.primary_services,
      service_regions: v.service_regions,
      government_experience: orNull(v.government_experience),
      typical_contract_size: orNull(v.typical_contract_size),
    });
    if (!parsed.success) {
      setFailed('failed');
      return;
    }
    save.mutate(
      { id: profile.id, ...parsed.data },
      {
        onSuccess: (next) => {
          reset(toValues(next));
          setEditing(false);
          setSaved(true);
        },
        // Spec §8: a profile update without a session is 'No authenticated user'.
        onError: (err) => setFailed(err instanceof ApiError && err.status === 401 ? 'noUser' : 'failed'),
      },
    );
  });

  return (
    <section className="profile" aria-labelledby="profile-title">
      <div className="profile__head">
        <span className="avatar avatar--large" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div>
          <h1 id="profile-title">{name}</h1>
          <p className="muted">{industry}</p>
        </div>
        {!editing && (
          <button
            type="button"
            className="button button--secondary profile__edit"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t('edit')}
          </button>
        )}
      </div>
      {saved && <Banner kind="success">{t('updated')}</Banner>}
      {failed && (
        <Banner kind="error">
          <p>{t('failed')}</p>
          {failed === 'noUser' && <p>{ta('errors.noAuthenticatedUser')}</p>}
        </Banner>
      )}
      {editing ? (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-card auth-card--wide">
          <Field label={t('fields.companyName')} autoComplete="organization" {...register('company_name')} />
          <SelectField
            label={t('fields.companySize')}
            options={options.companySize}
            registration={register('company_size')}
          />
          <SelectField label={t('fields.industry')} options={options.industry} registration={register('industry')} />
          <CheckboxGroup
            legend={t('fields.primaryServices')}
            options={options.service}
            registration={register('primary_services')}
          />
          <CheckboxGroup
            legend={t('fields.serviceRegions')}
            options={options.region}
            registration={register('service_regions')}
          />
          <SelectField
            label={t('fields.governmentExperience')}
            options={options.experience}
            registration={register('government_experience')}
          />
          <SelectField
            label={t('fields.typicalContractSize')}
            options={options.contractSize}
            registration={register('typical_contract_size')}
          />
          <div className="form-actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                reset(toValues(profile));
                setFailed(false);
                setEditing(false);
              }}
            >
              {t('cancel')}
            </button>
            <button type="submit" className="button" disabled={save.isPending}>
              {save.isPending ? t('saving') : t('save')}
            </button>
          </div>
        </form>
      ) : (
        <dl className="details auth-card auth-card--wide">
          <Detail term={t('fields.companyName')}>{profile.company_name || t('notSet')}</Detail>
          <Detail term={t('fields.companySize')}>
            {profile.company_size ? t('fields.employees', { size: profile.company_size }) : t('notSet')}
          </Detail>
          <Detail term={t('fields.industry')}>{industry}</Detail>
          <Detail term={t('fields.primaryServices')}>
            {profile.primary_services.length
              ? profile.primary_services.map((s) => tc(`domain.services.${s}`)).join(', ')
              : t('noServices')}
          </Detail>
          <Detail term={t('fields.serviceRegions')}>
            {profile.service_regions.length
              ? profile.service_regions.map((r) => tc(`domain.provinces.${r}`)).join(', ')
              : t('noRegions')}
          </Detail>
          <Detail term={t('fields.governmentExperienceShort')}>
            {profile.government_experience
              ? tc(`domain.governmentExperience.${profile.government_experience}`)
              : t('notSet')}
          </Detail>
          <Detail term={t('fields.typicalContractSize')}>
            {profile.typical_contract_size ? tc(`domain.contractSizes.${profile.typical_contract_size}`) : t('notSet')}
          </Detail>
        </dl>
      )}
    </section>
  );
}
