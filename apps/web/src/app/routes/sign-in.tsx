import { signinBodySchema, type SigninBody } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useResendConfirmation } from '../../features/auth/api/resend-confirmation.ts';
import { useSignIn } from '../../features/auth/api/sign-in.ts';
import { errorMessage } from '../../features/auth/error-message.ts';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../paths.ts';

export function Component() {
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
        <Link to={paths.home.href()}>← Back to home</Link>
      </p>
      <h1 id="sign-in-title">Sign in to Breeze</h1>
      {searchParams.get('confirm-email') === 'true' && (
        <Banner kind="success">
          <strong>Account created successfully!</strong> Please check your inbox and click the confirmation link to
          activate your account.
        </Banner>
      )}
      {signIn.isError && (
        <Banner kind="error">
          <p>{errorMessage(signIn.error, 'Failed to sign in')}</p>
          {unconfirmed && (
            <p>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={resend.isPending}
                onClick={() => resend.mutate({ email: getValues('email').trim().toLowerCase() })}
              >
                {resend.isPending ? 'Sending...' : 'Resend confirmation'}
              </button>
            </p>
          )}
        </Banner>
      )}
      {resend.isSuccess && <Banner kind="success">{resend.data.message}</Banner>}
      {resend.isError && <Banner kind="error">{errorMessage(resend.error, 'Something went wrong')}</Banner>}
      <form noValidate onSubmit={(e) => void handleSubmit((values) => signIn.mutate(values))(e)}>
        <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          revealable
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="form-aside">
          <Link to={paths.resetPassword.href()}>Forgot your password?</Link>
        </p>
        <button type="submit" className="button button--block" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="form-footer">
        Don't have an account? <Link to={paths.signUp.href()}>Start your free trial</Link>
      </p>
    </section>
  );
}
