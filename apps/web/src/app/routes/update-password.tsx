import { newPasswordSchema } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useUpdatePassword } from '../../features/auth/api/update-password.ts';
import { authErrorMessage, fieldError } from '../../features/auth/error-message.ts';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../paths.ts';

const REDIRECT_DELAY_MS = 2_000;

const schema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

/** The reset link carries access_token in the query string or the fragment (spec §2). */
function readToken(search: string, hash: string): string | null {
  const fromQuery = new URLSearchParams(search).get('access_token');
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('access_token');
  return (fromQuery || fromHash)?.trim() || null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the fragment is removed from the address bar below so it does not linger in history.
  const [token] = useState(() => readToken(location.search, location.hash));
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (window.location.hash || window.location.search) history.replaceState(history.state, '', location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    if (!update.isSuccess) return;
    const timer = setTimeout(() => void navigate(paths.signIn.href()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  if (!token) {
    return (
      <section className="auth-card" aria-labelledby="update-title">
        <h1 id="update-title">{t('update.title')}</h1>
        <Banner kind="error">{t('update.missingToken')}</Banner>
        <p className="form-footer">
          <Link to={paths.resetPassword.href()}>{t('update.requestNew')}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="update-title">
      <h1 id="update-title">{t('update.title')}</h1>
      {update.isSuccess ? (
        <Banner kind="success">{t('update.done')}</Banner>
      ) : (
        <>
          {update.isError && (
            <Banner kind="error">
              {authErrorMessage(t, update.error)}
              {update.error instanceof ApiError && update.error.code === 'invalid_token' && (
                <>
                  {' '}
                  <Link to={paths.resetPassword.href()}>{t('update.requestNew')}</Link>
                </>
              )}
            </Banner>
          )}
          <form
            noValidate
            onSubmit={(e) => void handleSubmit(({ password }) => update.mutate({ password, accessToken: token }))(e)}
          >
            <Field
              label={t('fields.newPassword')}
              type="password"
              autoComplete="new-password"
              revealable
              error={fieldError(t, errors.password?.message)}
              {...register('password')}
            />
            <Field
              label={t('fields.confirmNewPassword')}
              type="password"
              autoComplete="new-password"
              revealable
              error={fieldError(t, errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            <button type="submit" className="button button--block" disabled={update.isPending}>
              {update.isPending ? t('update.submitting') : t('update.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
