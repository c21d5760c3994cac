import {
  COMPANY_SIZES,
  CONTRACT_SIZE_LABELS,
  CONTRACT_SIZES,
  GOVERNMENT_EXPERIENCE,
  GOVERNMENT_EXPERIENCE_LABELS,
  INDUSTRIES,
  INDUSTRY_LABELS,
  PRIMARY_SERVICES,
  SERVICE_REGIONS,
} from '@app/shared/profile';
import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export const companySizeOptions = COMPANY_SIZES.map((v) => ({ value: v, label: `${v} employees` }));
export const industryOptions = INDUSTRIES.map((v) => ({ value: v, label: INDUSTRY_LABELS[v] }));
export const experienceOptions = GOVERNMENT_EXPERIENCE.map((v) => ({
  value: v,
  label: GOVERNMENT_EXPERIENCE_LABELS[v],
}));
export const contractSizeOptions = CONTRACT_SIZES.map((v) => ({ value: v, label: CONTRACT_SIZE_LABELS[v] }));
export const serviceOptions = PRIMARY_SERVICES.map((v) => ({ value: v, label: v }));
export const regionOptions = SERVICE_REGIONS.map((v) => ({ value: v, label: v }));

interface Option {
  value: string;
  label: string;
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
        <option value="">Select…</option>
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
  return (
    <fieldset className="field checkbox-group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{legend}</legend>
      {hint && <p className="field__hint">{hint}</p>}
      <div className="checkbox-group__options">
        {options.map((o) => (
          <label key={o.value} className="checkbox-group__option">
            <input type="checkbox" value={o.value} {...registration} /> {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
