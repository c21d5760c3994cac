import {
  ALERT_FREQUENCIES,
  ALERT_MESSAGES,
  ALERT_NAME_MAX_LENGTH,
  alertInputSchema,
  type AlertBody,
  type AlertInput,
} from '@app/shared/alerts';
import { CATEGORY_CODES, FILTER_REGIONS, SEARCH_PROCUREMENT_METHODS } from '@app/shared/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../paths.ts';

/** The schema's check messages, found back from their English text so both languages say the same. */
const MESSAGE_KEYS = new Map<string, 'nameRequired' | 'nameTooLong' | 'nameOneLine' | 'criteriaEmpty' | 'invalidDate'>([
  [ALERT_MESSAGES.nameRequired, 'nameRequired'],
  [ALERT_MESSAGES.nameTooLong, 'nameTooLong'],
  [ALERT_MESSAGES.nameOneLine, 'nameOneLine'],
  [ALERT_MESSAGES.criteriaEmpty, 'criteriaEmpty'],
  ['Expected a date such as 2026-11-30', 'invalidDate'],
]);

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

interface Props {
  mode: 'create' | 'edit';
  initial: AlertInput;
  pending: boolean;
  /** The last save's failure, shown above the form. */
  error: unknown;
  onSubmit: (body: AlertBody) => void;
  onCancel?: () => void;
}

/**
 * The alert form: name, the search (keywords read by the natural-language parser, regions,
 * procurement method, categories, closing date after) and the frequency. The checks are the
 * server's own schema (`alertInputSchema` from @app/shared), shown in the UI's language.
 */
export function AlertForm({ mode, initial, pending, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AlertInput, unknown, AlertBody>({
    resolver: zodResolver(alertInputSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });

  const message = (e: FieldError | undefined) => {
    if (!e?.message) return undefined;
    const key = MESSAGE_KEYS.get(e.message);
    return key ? t(`validation.${key}`, { max: ALERT_NAME_MAX_LENGTH }) : e.message;
  };
  const criteriaErrors = errors.criteria as (FieldError & { root?: FieldError }) | undefined;
  const err = {
    name: message(errors.name),
    criteria: message(criteriaErrors?.root ?? (criteriaErrors?.message ? criteriaErrors : undefined)),
    q: message(errors.criteria?.q),
    after: message(errors.criteria?.closing_date_after),
  };
  const described = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

  let failure: { text: string; upgrade: boolean } | null = null;
  if (error) {
    if (error instanceof ApiError && error.code === 'plan_limit_reached')
      failure = { text: t('errors.limit'), upgrade: true };
    else if (error instanceof ApiError && error.status === 0) failure = { text: t('errors.network'), upgrade: false };
    else if (error instanceof ApiError && error.status === 400)
      failure = { text: t('errors.invalid', { detail: error.message }), upgrade: false };
    else failure = { text: t('errors.save'), upgrade: false };
  }

  return (
    <form
      className="alert-form"
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={pending}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        {mode === 'create' ? t('form.newTitle') : t('form.editTitle')}
      </h2>
      {failure && (
        <Banner kind="error">
          <p>{failure.text}</p>
          {failure.upgrade && (
            <p>
              <Link to={paths.plans.href()}>{t('usage.upgrade')}</Link>
            </p>
          )}
        </Banner>
      )}
      <p className="muted">{t('form.required')}</p>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          {t('form.name')} *
        </label>
        <input
          id={`${id}-name`}
          className="field__input"
          autoComplete="off"
          aria-invalid={err.name ? true : undefined}
          aria-describedby={described(`${id}-name-hint`, err.name && `${id}-name-error`)}
          {...register('name')}
        />
        <p id={`${id}-name-hint`} className="field__hint">
          {t('form.nameHint')}
        </p>
        {err.name && (
          <p id={`${id}-name-error`} className="field__error">
            {err.name}
          </p>
        )}
      </div>

      <fieldset
        className="alert-form__criteria"
        aria-describedby={described(`${id}-criteria-hint`, err.criteria && `${id}-criteria-error`)}
      >
        <legend className="field__label">{t('item.criteria')}</legend>
        <p id={`${id}-criteria-hint`} className="field__hint">
          {t('form.criteriaHint')}
        </p>
        {err.criteria && (
          <p id={`${id}-criteria-error`} className="field__error" role="alert">
            {err.criteria}
          </p>
        )}

        <div className="field">
          <label className="field__label" htmlFor={`${id}-q`}>
            {t('form.keywords')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="field__input"
            aria-invalid={err.q ? true : undefined}
            aria-describedby={described(`${id}-q-hint`, err.q && `${id}-q-error`)}
            {...register('criteria.q')}
          />
          <p id={`${id}-q-hint`} className="field__hint">
            {t('form.keywordsHint')}
          </p>
          {err.q && (
            <p id={`${id}-q-error`} className="field__error">
              {err.q}
            </p>
          )}
        </div>

        <fieldset className="field checkbox-group">
          <legend className="field__label">{t('form.regions')}</legend>
          <div className="checkbox-group__options">
            {FILTER_REGIONS.map((region) => (
              <label key={region} className="checkbox-group__option">
                <input type="checkbox" value={region} {...register('criteria.regions')} />{' '}
                {tc(`domain.provinces.${region}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-method`}>
            {t('form.method')}
          </label>
          <select
            id={`${id}-method`}
            className="field__input"
            {...register('criteria.procurement_method', { setValueAs: emptyToUndefined })}
          >
            <option value="">{t('form.anyMethod')}</option>
            {SEARCH_PROCUREMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {tc(`domain.procurementMethods.${m}`)}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="field checkbox-group">
          <legend className="field__label">{t('form.categories')}</legend>
          <div className="checkbox-group__options">
            {CATEGORY_CODES.map((code) => (
              <label key={code} className="checkbox-group__option">
                <input type="checkbox" value={code} {...register('criteria.procurement_category')} />{' '}
                {tc(`domain.categories.${code}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-after`}>
            {t('form.closingAfter')}
          </label>
          <input
            id={`${id}-after`}
            type="date"
            className="field__input alert-form__date"
            aria-invalid={err.after ? true : undefined}
            aria-describedby={described(`${id}-after-hint`, err.after && `${id}-after-error`)}
            {...register('criteria.closing_date_after', { setValueAs: emptyToUndefined })}
          />
          <p id={`${id}-after-hint`} className="field__hint">
            {t('form.closingAfterHint')}
          </p>
          {err.after && (
            <p id={`${id}-after-error`} className="field__error">
              {err.after}
            </p>
          )}
        </div>
      </fieldset>

      <fieldset className="field alert-form__frequency">
        <legend className="field__label">{t('frequency.label')}</legend>
        {ALERT_FREQUENCIES.map((f) => (
          <label key={f} className="alert-form__choice">
            <input type="radio" value={f} {...register('frequency')} />
            <span>
              <strong>{t(`frequency.${f}`)}</strong>
              <span className="field__hint">{t(`frequency.${f}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className="alert-form__actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? t('form.saving') : mode === 'create' ? t('form.save') : t('form.saveChanges')}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('form.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
