import { type EmailOnlyBody, emailOnlyBodySchema } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useRequestPasswordReset } from '../../features/auth/api/reset-password.ts';
import { errorMessage } from '../../features/auth/error-message.ts';
import { paths } from '../../paths.ts';

export function Component() {
  const reset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailOnlyBody>({ resolver: zodResolver(emailOnlyBodySchema), defaultValues: { email: '' } });

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset your password</h1>
      {reset.isSuccess ? (
        <Banner kind="success">Check your email for a password reset link.</Banner>
      ) : (
        <>
          <p className="muted">Enter your email and we'll send you a link to choose a new password.</p>
          {reset.isError && <Banner kind="error">{errorMessage(reset.error, 'Something went wrong')}</Banner>}
          <form noValidate onSubmit={(e) => void handleSubmit((values) => reset.mutate(values))(e)}>
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <button type="submit" className="button button--block" disabled={reset.isPending}>
              {reset.isPending ? 'Sending...' : 'Send reset link'}
            </button>
          </form>
        </>
      )}
      <p className="form-footer">
        <Link to={paths.signIn.href()}>← Back to sign in</Link>
      </p>
    </section>
  );
}
