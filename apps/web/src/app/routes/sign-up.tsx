import { emailSchema, newPasswordSchema, PASSWORD_SUGGESTED_LENGTH, type SignupBody } from '@app/shared/auth';
import { billingCycleSchema, planIdSchema } from '@app/shared/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useSignUp } from '../../features/auth/api/sign-up.ts';
import { errorMessage } from '../../features/auth/error-message.ts';
import { paths } from '../../paths.ts';

const signUpFormSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    terms: z.boolean().refine((v) => v, 'Please agree to the terms and conditions'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof signUpFormSchema>, unknown, z.output<typeof signUpFormSchema>>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', confirmPassword: '', terms: false },
  });
  const [email, password, confirmPassword, terms] = useWatch({
    control,
    name: ['email', 'password', 'confirmPassword', 'terms'],
  });
  const mismatch = confirmPassword !== '' && password !== confirmPassword;
  const ready = email !== '' && password !== '' && confirmPassword !== '' && !mismatch && terms;

  // The pricing page sends /sign-up?plan=&billing=; only known values go to the API.
  const plan = planIdSchema.safeParse(searchParams.get('plan'));
  const billing = billingCycleSchema.safeParse(searchParams.get('billing'));

  const onSubmit = handleSubmit(({ email, password }) => {
    const body: SignupBody = { email, password };
    if (plan.success) body.plan = plan.data;
    if (billing.success) body.billing = billing.data;
    signUp.mutate(body, { onSuccess: () => void navigate(paths.signIn.href({ confirmEmail: true })) });
  });

  return (
    <section className="auth-card" aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">Start your 14-day free trial</h1>
      <p className="muted">No credit card required.</p>
      {signUp.isError && <Banner kind="error">{errorMessage(signUp.error, 'Something went wrong')}</Banner>}
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
          hint={`At least 8 characters; ${PASSWORD_SUGGESTED_LENGTH} or more is better. A passphrase works well.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          revealable
          error={mismatch ? "Passwords don't match" : errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <div className="field field--check">
          <input id="terms" type="checkbox" {...register('terms')} />
          <label htmlFor="terms">
            I agree to the <Link to={paths.terms.href()}>Terms of Service</Link> and{' '}
            <Link to={paths.privacy.href()}>Privacy Policy</Link>
          </label>
        </div>
        <button type="submit" className="button button--block" disabled={!ready || signUp.isPending}>
          {signUp.isPending ? 'Creating your account...' : 'Start my free trial'}
        </button>
      </form>
      <p className="form-footer">
        Already have an account? <Link to={paths.signIn.href()}>Sign in</Link>
      </p>
    </section>
  );
}
