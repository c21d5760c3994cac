import { type EmailOnlyBody, emailOnlyBodySchema } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useRequestPasswordReset } from '../../features/auth/api/reset-password.ts';
import { authErrorMessage, fieldError } from '../../features/auth/error-message.ts';
import { paths } from '../../paths.ts';

export function Component() {
  const { t } = useTranslation('auth');
  const reset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailOnlyBody>({ resolver: zodResolver(emailOnlyBodySchema), defaultValues: { email: '' } });

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      {reset.isSuccess ? (
        <Banner kind="success">{t('reset.sent')}</Banner>
      ) : (
        <>
          <p className="muted">{t('reset.intro')}</p>
          {reset.isError && <Banner kind="error">{authErrorMessage(t, reset.error)}</Banner>}
          <form noValidate onSubmit={(e) => void handleSubmit((values) => reset.mutate(values))(e)}>
            <Field
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              error={fieldError(t, errors.email?.message)}
              {...register('email')}
            />
            <button type="submit" className="button button--block" disabled={reset.isPending}>
              {reset.isPending ? t('reset.submitting') : t('reset.submit')}
            </button>
          </form>
        </>
      )}
      <p className="form-footer">
        <Link to={paths.signIn.href()}>{t('reset.back')}</Link>
      </p>
    </section>
  );
}
