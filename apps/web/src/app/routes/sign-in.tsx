import { signinBodySchema, type SigninBody } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useResendConfirmation } from '../../features/auth/api/resend-confirmation.ts';
import { useSignIn } from '../../features/auth/api/sign-in.ts';
import { authErrorMessage, fieldError } from '../../features/auth/error-message.ts';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../paths.ts';

export function Component() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SigninBody>({ resolver: zodResolver(signinBodySchema), defaultValues: { email: '', password: '' } });

  const unconfirmed = signIn.error instanceof ApiError && signIn.error.code === 'email_not_confirmed';

  return (
    <section className="auth-card" aria-labelledby="sign-in-title">
      <p>
        <Link to={paths.home.href()}>{t('signIn.backHome')}</Link>
      </p>
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      {searchParams.get('confirm-email') === 'true' && (
        <Banner kind="success">
          <strong>{t('signIn.accountCreated')}</strong> {t('signIn.checkInbox')}
        </Banner>
      )}
      {signIn.isError && (
        <Banner kind="error">
          <p>{authErrorMessage(t, signIn.error, 'errors.failedToSignIn')}</p>
          {unconfirmed && (
            <p>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={resend.isPending}
                onClick={() => resend.mutate({ email: getValues('email').trim().toLowerCase() })}
              >
                {resend.isPending ? t('signIn.resending') : t('signIn.resend')}
              </button>
            </p>
          )}
        </Banner>
      )}
      {resend.isSuccess && <Banner kind="success">{t('signIn.resent')}</Banner>}
      {resend.isError && <Banner kind="error">{authErrorMessage(t, resend.error)}</Banner>}
      <form
        noValidate
        onSubmit={(e) =>
          void handleSubmit((values) => {
            resend.reset();
            signIn.mutate(values);
          })(e)
        }
      >
        <Field
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={fieldError(t, errors.email?.message)}
          {...register('email')}
        />
        <Field
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          revealable
          error={fieldError(t, errors.password?.message)}
          {...register('password')}
        />
        <p className="form-aside">
          <Link to={paths.resetPassword.href()}>{t('signIn.forgot')}</Link>
        </p>
        <button type="submit" className="button button--block" disabled={signIn.isPending}>
          {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </form>
      <p className="form-footer">
        {t('signIn.noAccount')} <Link to={paths.signUp.href()}>{t('signIn.startTrial')}</Link>
      </p>
    </section>
  );
}
