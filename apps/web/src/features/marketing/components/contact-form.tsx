import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactBodySchema,
  type ContactBody,
  type ContactInput,
  INQUIRY_TYPES,
  type InquiryType,
} from '@app/shared/contact';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Banner, Field } from '../../../components/ui/form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

export const isInquiryType = (value: unknown): value is InquiryType =>
  typeof value === 'string' && (INQUIRY_TYPES as readonly string[]).includes(value);

/** The schema's check messages (not the sent and rate-limit texts), found back from their English text. */
type MessageKey = Exclude<keyof typeof CONTACT_MESSAGES, 'received' | 'rateLimited'>;
const MESSAGE_KEYS = new Map(
  Object.entries(CONTACT_MESSAGES)
    .filter(([key]) => key !== 'received' && key !== 'rateLimited')
    .map(([key, text]) => [text as string, key as MessageKey]),
);
const LIMIT_OF: Partial<Record<MessageKey, number>> = {
  nameTooLong: CONTACT_LIMITS.name,
  companyTooLong: CONTACT_LIMITS.company,
  subjectTooLong: CONTACT_LIMITS.subject,
  messageTooLong: CONTACT_LIMITS.message,
};

function FieldShell({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contact form (spec §2, §5): Full name, Email address, Subject and Message required, Company
 * optional, inquiry type general by default. The checks are the server's own schema; their texts
 * come from the catalogue by the schema's message, so both languages say the same thing.
 */
export function ContactForm({ inquiry }: { inquiry: InquiryType }) {
  const { t } = useTranslation('contact');
  const send = useSendContactMessage();
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const defaults: ContactInput = { name: '', email: '', company: '', inquiryType: inquiry, subject: '', message: '' };
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactBody>({
    resolver: zodResolver(contactBodySchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });

  useEffect(() => {
    if (send.isSuccess) sentHeading.current?.focus();
  }, [send.isSuccess]);

  const message = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const key = MESSAGE_KEYS.get(error.message);
    return key ? t(`validation.${key}`, { max: LIMIT_OF[key] ?? 0 }) : error.message;
  };

  // The copy mailed to the sender is in the language they wrote in.
  const onSubmit = handleSubmit((body) => send.mutate({ ...body, locale: currentLanguage() }));

  const sendAnother = () => {
    reset(defaults);
    send.reset();
    // The form is back on the next render.
    setTimeout(() => setFocus('name'), 0);
  };

  if (send.isSuccess) {
    return (
      <div className="contact__card" role="status" data-testid="contact-sent">
        <h2 ref={sentHeading} tabIndex={-1}>
          {t('sent.title')}
        </h2>
        <p>{t('sent.text')}</p>
        <p className="muted">{t('sent.reference', { id: send.data.id })}</p>
        <button type="button" className="button" onClick={sendAnother}>
          {t('sent.again')}
        </button>
      </div>
    );
  }

  const failure = send.error;
  let failureText = t('errors.generic');
  if (failure instanceof ApiError) {
    if (failure.status === 0) failureText = t('errors.network');
    else if (failure.status === 429) failureText = t('errors.rateLimited');
    else if (failure.status === 400) failureText = t('errors.invalid', { detail: failure.message });
  }

  const err = {
    name: message(errors.name),
    email: message(errors.email),
    company: message(errors.company),
    inquiryType: message(errors.inquiryType),
    subject: message(errors.subject),
    message: message(errors.message),
  };
  const describedBy = (id: string, error: string | undefined) => (error ? `${id}-error` : undefined);

  return (
    <form
      className="contact__card"
      noValidate
      aria-labelledby="contact-form-title"
      aria-busy={send.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <h2 id="contact-form-title">{t('form.title')}</h2>
      <p className="muted">{t('form.required')}</p>
      {send.isError && (
        <Banner kind="error">
          <p>
            <strong>{t('errors.title')}</strong> {failureText}
          </p>
        </Banner>
      )}
      <Field label={t('form.name')} autoComplete="name" required error={err.name} {...register('name')} />
      <Field
        label={t('form.email')}
        type="email"
        autoComplete="email"
        required
        error={err.email}
        {...register('email')}
      />
      <Field
        label={`${t('form.company')} ${t('form.optional')}`}
        autoComplete="organization"
        error={err.company}
        {...register('company')}
      />
      <FieldShell id="contact-inquiry" label={t('form.inquiryType')} error={err.inquiryType}>
        <select
          id="contact-inquiry"
          className="field__select"
          aria-invalid={err.inquiryType ? true : undefined}
          aria-describedby={describedBy('contact-inquiry', err.inquiryType)}
          {...register('inquiryType')}
        >
          {INQUIRY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`inquiryTypes.${type}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      <Field label={t('form.subject')} required error={err.subject} {...register('subject')} />
      <FieldShell id="contact-message" label={t('form.message')} error={err.message}>
        <textarea
          id="contact-message"
          className="field__textarea"
          rows={6}
          required
          aria-invalid={err.message ? true : undefined}
          aria-describedby={describedBy('contact-message', err.message)}
          {...register('message')}
        />
      </FieldShell>
      <button className="button" type="submit" disabled={send.isPending}>
        {send.isPending ? t('form.sending') : t('form.submit')}
      </button>
    </form>
  );
}
