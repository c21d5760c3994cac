import {
  COMPANY_SIZES,
  CONTRACT_SIZES,
  GOVERNMENT_EXPERIENCE,
  INDUSTRIES,
  PRIMARY_SERVICES,
  SERVICE_REGIONS,
} from '@app/shared/profile';
import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface Option {
  value: string;
  label: string;
}

/** The choices of spec §9 with their labels in the UI's language (`domain.*` of the common catalogue). */
export function useProfileOptions() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  return {
    companySize: COMPANY_SIZES.map((v) => ({ value: v, label: t('fields.employees', { size: v }) })),
    industry: INDUSTRIES.map((v) => ({ value: v, label: tc(`domain.industries.${v}`) })),
    experience: GOVERNMENT_EXPERIENCE.map((v) => ({ value: v, label: tc(`domain.governmentExperience.${v}`) })),
    contractSize: CONTRACT_SIZES.map((v) => ({ value: v, label: tc(`domain.contractSizes.${v}`) })),
    service: PRIMARY_SERVICES.map((v) => ({ value: v, label: tc(`domain.services.${v}`) })),
    region: SERVICE_REGIONS.map((v) => ({ value: v, label: tc(`domain.provinces.${v}`) })),
  };
}

/** A labelled select with an empty first choice. */
export function SelectField({
  label,
  options,
  error,
  registration,
}: {
  label: string;
  options: Option[];
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  const { t } = useTranslation('profile');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      >
        <option value="">{t('fields.select')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A multi-select as a group of checkboxes under a legend. */
export function CheckboxGroup({
  legend,
  options,
  error,
  registration,
  hint,
}: {
  legend: string;
  options: Option[];
  error?: string;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="field checkbox-group" aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <div className="checkbox-group__options">
        {options.map((o) => (
          <label key={o.value} className="checkbox-group__option">
            <input type="checkbox" value={o.value} {...registration} /> {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
