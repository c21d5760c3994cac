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
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useChangeEmail } from '../../features/auth/api/change-email.ts';
import { useChangePassword } from '../../features/auth/api/change-password.ts';
import { useDeleteAccount } from '../../features/auth/api/delete-account.ts';
import { useEndSession } from '../../features/auth/api/end-session.ts';
import { sessionsQuery } from '../../features/auth/api/get-sessions.ts';
import { useAuth } from '../../features/auth/auth-store.ts';
import { errorMessage } from '../../features/auth/error-message.ts';
import { paths } from '../../paths.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

function ChangePassword() {
  const change = useChangePassword();
  const { register, handleSubmit, reset, formState } = useForm<z.input<typeof changePasswordBodySchema>>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="pw-title">
      <h2 id="pw-title">Change password</h2>
      {change.isSuccess && <Banner kind="success">{change.data.message}</Banner>}
      {change.isError && <Banner kind="error">{errorMessage(change.error, 'Something went wrong')}</Banner>}
      <form noValidate onSubmit={(e) => void handleSubmit((v) => change.mutate(v, { onSuccess: () => reset() }))(e)}>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          revealable
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          revealable
          error={formState.errors.newPassword?.message}
          {...register('newPassword')}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}

function ChangeEmail() {
  const change = useChangeEmail();
  const { register, handleSubmit, reset, formState } = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { newEmail: '', password: '' },
  });
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="email-title">
      <h2 id="email-title">Change email</h2>
      {change.isSuccess && <Banner kind="success">{change.data.message}</Banner>}
      {change.isError && <Banner kind="error">{errorMessage(change.error, 'Something went wrong')}</Banner>}
      <form noValidate onSubmit={(e) => void handleSubmit((v) => change.mutate(v, { onSuccess: () => reset() }))(e)}>
        <Field
          label="New email"
          type="email"
          autoComplete="email"
          error={formState.errors.newEmail?.message}
          {...register('newEmail')}
        />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          revealable
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? 'Sending...' : 'Change email'}
        </button>
      </form>
    </section>
  );
}

function Sessions() {
  const sessions = useQuery(sessionsQuery());
  const end = useEndSession();
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Signed-in sessions</h2>
      {sessions.isPending && <p role="status">Loading sessions...</p>}
      {sessions.isError && <Banner kind="error">{errorMessage(sessions.error, 'Something went wrong')}</Banner>}
      {end.isError && <Banner kind="error">{errorMessage(end.error, 'Something went wrong')}</Banner>}
      {sessions.data && (
        <ul className="sessions">
          {sessions.data.sessions.map((s) => (
            <li key={s.id} className="sessions__item">
              <div>
                <strong>{s.user_agent ?? 'Unknown browser'}</strong>
                {s.current && <span className="chip"> This session</span>}
                <p className="muted">
                  Signed in {when(s.created_at)} · last used {when(s.last_seen_at)}
                  {s.ip ? ` · ${s.ip}` : ''}
                </p>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={end.isPending}
                  onClick={() => end.mutate(s.id)}
                >
                  End session
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeleteAccount() {
  const del = useDeleteAccount();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<DeleteAccountBody>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });
  return (
    <section className="auth-card auth-card--wide danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p>This deletes your account, profile and all their data. It cannot be undone.</p>
      {del.isError && <Banner kind="error">{errorMessage(del.error, 'Something went wrong')}</Banner>}
      <form
        noValidate
        onSubmit={(e) =>
          void handleSubmit((v) => del.mutate(v, { onSuccess: () => void navigate(paths.home.href()) }))(e)
        }
      >
        <Field
          label="Password to confirm"
          type="password"
          autoComplete="current-password"
          revealable
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="button button--danger" disabled={del.isPending}>
          {del.isPending ? 'Deleting...' : 'Delete my account'}
        </button>
      </form>
    </section>
  );
}

export function Component() {
  const { user } = useAuth();
  return (
    <div className="settings">
      <h1>Settings</h1>
      {user && <p className="muted">Signed in as {user.user.email}</p>}
      <ChangePassword />
      <ChangeEmail />
      <Sessions />
      <DeleteAccount />
    </div>
  );
}
