import {
  CONTRACT_SIZE_LABELS,
  GOVERNMENT_EXPERIENCE_LABELS,
  INDUSTRY_LABELS,
  type Profile,
  profileFieldsSchema,
} from '@app/shared/profile';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner, Field } from '../../components/ui/form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
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

export function Component() {
  const { user } = useAuth();
  const save = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, reset } = useForm<Values>({
    defaultValues: user ? toValues(user.profile) : undefined,
  });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  if (!user) return <PageLoader label="Loading your profile..." />;
  const { profile } = user;
  const name = profile.company_name || 'Your company';

  const onSubmit = handleSubmit((v) => {
    setFailed(false);
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
      setFailed(true);
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
        onError: () => setFailed(true),
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
          <p className="muted">{profile.industry ? INDUSTRY_LABELS[profile.industry] : 'Not set'}</p>
        </div>
        {!editing && (
          <button type="button" className="button button--secondary profile__edit" onClick={() => setEditing(true)}>
            Edit Profile
          </button>
        )}
      </div>
      {saved && <Banner kind="success">Profile updated successfully!</Banner>}
      {failed && <Banner kind="error">Failed to update profile. Please try again.</Banner>}
      {editing ? (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-card auth-card--wide">
          <Field label="Company name" autoComplete="organization" {...register('company_name')} />
          <SelectField label="Company size" options={companySizeOptions} registration={register('company_size')} />
          <SelectField label="Industry" options={industryOptions} registration={register('industry')} />
          <CheckboxGroup
            legend="Primary services"
            options={serviceOptions}
            registration={register('primary_services')}
          />
          <CheckboxGroup legend="Service regions" options={regionOptions} registration={register('service_regions')} />
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
              Cancel
            </button>
            <button type="submit" className="button" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </form>
      ) : (
        <dl className="details auth-card auth-card--wide">
          <Detail term="Company name">{profile.company_name || 'Not set'}</Detail>
          <Detail term="Company size">{profile.company_size ? `${profile.company_size} employees` : 'Not set'}</Detail>
          <Detail term="Industry">{profile.industry ? INDUSTRY_LABELS[profile.industry] : 'Not set'}</Detail>
          <Detail term="Primary services">
            {profile.primary_services.length ? profile.primary_services.join(', ') : 'No services selected'}
          </Detail>
          <Detail term="Service regions">
            {profile.service_regions.length ? profile.service_regions.join(', ') : 'No regions selected'}
          </Detail>
          <Detail term="Government experience">
            {profile.government_experience ? GOVERNMENT_EXPERIENCE_LABELS[profile.government_experience] : 'Not set'}
          </Detail>
          <Detail term="Typical contract size">
            {profile.typical_contract_size ? CONTRACT_SIZE_LABELS[profile.typical_contract_size] : 'Not set'}
          </Detail>
        </dl>
      )}
    </section>
  );
}
