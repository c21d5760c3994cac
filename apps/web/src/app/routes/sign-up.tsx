import {
  emailSchema,
  newPasswordSchema,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SUGGESTED_LENGTH,
  type SignupBody,
} from '@app/shared/auth';
import { billingCycleSchema, planIdSchema } from '@app/shared/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Banner, Field } from '../../components/ui/form.tsx';
import { useSignUp } from '../../features/auth/api/sign-up.ts';
import { authErrorMessage, fieldError } from '../../features/auth/error-message.ts';
import { currentLanguage } from '../../lib/i18n.ts';
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
  const { t } = useTranslation('auth');
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
    // The account's mails come in the language the visitor signed up in.
    const body: SignupBody = { email, password, locale: currentLanguage() };
    if (plan.success) body.plan = plan.data;
    if (billing.success) body.billing = billing.data;
    signUp.mutate(body, { onSuccess: () => void navigate(paths.signIn.href({ confirmEmail: true })) });
  });

  return (
    <section className="auth-card" aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">{t('signUp.title')}</h1>
      <p className="muted">{t('signUp.noCard')}</p>
      {signUp.isError && <Banner kind="error">{authErrorMessage(t, signUp.error)}</Banner>}
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
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
          autoComplete="new-password"
          revealable
          hint={t('signUp.passwordHint', { min: PASSWORD_MIN_LENGTH, suggested: PASSWORD_SUGGESTED_LENGTH })}
          error={fieldError(t, errors.password?.message)}
          {...register('password')}
        />
        <Field
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          revealable
          error={mismatch ? t('validation.passwordsDontMatch') : fieldError(t, errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <div className="field field--check">
          <input id="terms" type="checkbox" {...register('terms')} />
          <label htmlFor="terms">
            {t('signUp.termsBefore')}
            <Link to={paths.terms.href()}>{t('signUp.terms')}</Link>
            {t('signUp.termsBetween')}
            <Link to={paths.privacy.href()}>{t('signUp.privacy')}</Link>
          </label>
        </div>
        <button type="submit" className="button button--block" disabled={!ready || signUp.isPending}>
          {signUp.isPending ? t('signUp.submitting') : t('signUp.submit')}
        </button>
      </form>
      <p className="form-footer">
        {t('signUp.haveAccount')} <Link to={paths.signIn.href()}>{t('signUp.signIn')}</Link>
      </p>
    </section>
  );
}
