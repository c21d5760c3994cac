import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Banner } from '../../components/ui/form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useConfirmEmail } from '../../features/auth/api/confirm-email.ts';
import { authErrorMessage } from '../../features/auth/error-message.ts';
import { paths } from '../../paths.ts';

export function Component() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [token] = useState(() => new URLSearchParams(location.hash.replace(/^#/, '')).get('token')?.trim() || null);
  const confirm = useConfirmEmail();
  const started = useRef(false);

  useEffect(() => {
    // The token is single use: post it once, even under StrictMode's double effects.
    if (!token || started.current) return;
    started.current = true;
    history.replaceState(history.state, '', location.pathname);
    confirm.mutate({ token });
  }, [token, confirm, location.pathname]);

  return (
    <section className="auth-card" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{t('confirm.title')}</h1>
      {!token && <Banner kind="error">{t('errors.invalidToken')}</Banner>}
      {token && (confirm.isIdle || confirm.isPending) && <PageLoader label={t('confirm.confirming')} />}
      {confirm.isSuccess && (
        <Banner kind="success">
          {confirm.data.purpose === 'email_change' ? t('confirm.emailChanged') : t('confirm.confirmed')}
        </Banner>
      )}
      {confirm.isError && <Banner kind="error">{authErrorMessage(t, confirm.error, 'errors.invalidToken')}</Banner>}
      <p className="form-footer">
        <Link className={confirm.isSuccess ? 'button' : undefined} to={paths.signIn.href()}>
          {t('confirm.goToSignIn')}
        </Link>
      </p>
      {!confirm.isSuccess && <p className="muted">{t('confirm.needNewLink')}</p>}
    </section>
  );
}
