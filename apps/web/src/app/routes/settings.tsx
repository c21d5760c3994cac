import {
  type ChangeEmailBody,
  changeEmailBodySchema,
  changePasswordBodySchema,
  type DeleteAccountBody,
  deleteAccountBodySchema,
} from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useChangeEmail } from '../../features/auth/api/change-email.ts';
import { useChangePassword } from '../../features/auth/api/change-password.ts';
import { forgetDeletedAccount, useDeleteAccount } from '../../features/auth/api/delete-account.ts';
import { useEndOtherSessions } from '../../features/auth/api/end-other-sessions.ts';
import { useEndSession } from '../../features/auth/api/end-session.ts';
import { sessionsQuery } from '../../features/auth/api/get-sessions.ts';
import { useAuth } from '../../features/auth/auth-store.ts';
import { authErrorMessage, fieldError } from '../../features/auth/error-message.ts';
import { describeUserAgent } from '../../features/auth/user-agent.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../paths.ts';

function ChangePassword() {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('auth');
  const change = useChangePassword();
  const { register, handleSubmit, reset, formState } = useForm<z.input<typeof changePasswordBodySchema>>({
    resolver: zodResolver(changePasswordBodySchema),
    // ASVS 7.4.3: offer to end the other sessions; on by default, as the server does.
    defaultValues: { currentPassword: '', newPassword: '', endOtherSessions: true },
  });
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="pw-title">
      <h2 id="pw-title">{t('password.title')}</h2>
      {change.isSuccess && <Banner kind="success">{t('password.done')}</Banner>}
      {change.isError && <Banner kind="error">{authErrorMessage(ta, change.error)}</Banner>}
      <form noValidate onSubmit={(e) => void handleSubmit((v) => change.mutate(v, { onSuccess: () => reset() }))(e)}>
        <Field
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          revealable
          error={fieldError(ta, formState.errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
        <Field
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          revealable
          error={fieldError(ta, formState.errors.newPassword?.message)}
          {...register('newPassword')}
        />
        <div className="field field--check">
          <input
            id="pw-end-others"
            type="checkbox"
            aria-describedby="pw-end-others-hint"
            {...register('endOtherSessions')}
          />
          <label htmlFor="pw-end-others">{t('password.endOthers')}</label>
        </div>
        <p id="pw-end-others-hint" className="field__hint">
          {t('password.endOthersHint')}
        </p>
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? t('password.saving') : t('password.submit')}
        </button>
      </form>
    </section>
  );
}

function ChangeEmail() {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('auth');
  const change = useChangeEmail();
  const { register, handleSubmit, reset, formState } = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { newEmail: '', password: '' },
  });
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="email-title">
      <h2 id="email-title">{t('email.title')}</h2>
      {change.isSuccess && <Banner kind="success">{t('email.done')}</Banner>}
      {change.isError && <Banner kind="error">{authErrorMessage(ta, change.error)}</Banner>}
      <form noValidate onSubmit={(e) => void handleSubmit((v) => change.mutate(v, { onSuccess: () => reset() }))(e)}>
        <Field
          label={t('email.new')}
          type="email"
          autoComplete="email"
          error={fieldError(ta, formState.errors.newEmail?.message)}
          {...register('newEmail')}
        />
        <Field
          label={t('email.current')}
          type="password"
          autoComplete="current-password"
          revealable
          error={fieldError(ta, formState.errors.password?.message)}
          {...register('password')}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? t('email.sending') : t('email.submit')}
        </button>
      </form>
    </section>
  );
}

function Sessions() {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('auth');
  const sessions = useQuery(sessionsQuery());
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('sessions.title')}</h2>
      {sessions.isPending && <p role="status">{t('sessions.loading')}</p>}
      {sessions.isError && <Banner kind="error">{authErrorMessage(ta, sessions.error)}</Banner>}
      {end.isError && <Banner kind="error">{authErrorMessage(ta, end.error)}</Banner>}
      {end.isSuccess && <Banner kind="success">{t('sessions.ended')}</Banner>}
      {endOthers.isError && <Banner kind="error">{authErrorMessage(ta, endOthers.error)}</Banner>}
      {endOthers.isSuccess && <Banner kind="success">{t('sessions.endedOthers')}</Banner>}
      {sessions.data && (
        <ul className="sessions">
          {sessions.data.sessions.map((s) => {
            const browser = s.user_agent ? describeUserAgent(s.user_agent) : t('sessions.unknownBrowser');
            const lastUsed = formatDateTime(s.last_seen_at);
            return (
              <li key={s.id} className="sessions__item">
                <div className="sessions__what">
                  <strong className="sessions__browser">{browser}</strong>
                  {s.current && <span className="chip">{t('sessions.current')}</span>}
                  <p className="muted">
                    {t('sessions.details', { created: formatDateTime(s.created_at), lastUsed })}
                    {s.ip ? ` · ${s.ip}` : ''}
                  </p>
                </div>
                {!s.current && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={end.isPending}
                    aria-label={t('sessions.endLabel', { browser, lastUsed })}
                    onClick={() => end.mutate(s.id)}
                  >
                    {t('sessions.end')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {sessions.data && (
        <p className="form-actions">
          {others > 0 ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={endOthers.isPending}
              onClick={() => {
                end.reset();
                endOthers.mutate();
              }}
            >
              {endOthers.isPending ? t('sessions.endingOthers') : t('sessions.endOthers')}
            </button>
          ) : (
            <span className="muted">{t('sessions.onlyThis')}</span>
          )}
        </p>
      )}
    </section>
  );
}

function DeleteAccount() {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('auth');
  const del = useDeleteAccount();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<DeleteAccountBody>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });
  return (
    <section className="auth-card auth-card--wide danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('delete.title')}</h2>
      <p>{t('delete.warning')}</p>
      {del.isError && <Banner kind="error">{authErrorMessage(ta, del.error)}</Banner>}
      <form
        noValidate
        onSubmit={(e) =>
          void handleSubmit((v) =>
            del.mutate(v, {
              // To '/' first, then signed out (spec §2: leaving an account returns to /).
              onSuccess: () => void Promise.resolve(navigate(paths.home.href())).then(forgetDeletedAccount),
            }),
          )(e)
        }
      >
        <Field
          label={t('delete.password')}
          type="password"
          autoComplete="current-password"
          revealable
          error={fieldError(ta, formState.errors.password?.message)}
          {...register('password')}
        />
        <button type="submit" className="button button--danger" disabled={del.isPending}>
          {del.isPending ? t('delete.deleting') : t('delete.submit')}
        </button>
      </form>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  return (
    <div className="settings">
      <h1>{t('title')}</h1>
      {user && <p className="muted">{t('signedInAs', { email: user.user.email })}</p>}
      <ChangePassword />
      <ChangeEmail />
      <Sessions />
      <DeleteAccount />
    </div>
  );
}
