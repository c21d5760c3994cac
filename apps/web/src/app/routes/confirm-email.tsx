import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Banner } from '../../components/ui/form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useConfirmEmail } from '../../features/auth/api/confirm-email.ts';
import { errorMessage } from '../../features/auth/error-message.ts';
import { paths } from '../../paths.ts';

const INVALID_LINK = 'This link is invalid or has expired. Please request a new one.';

export function Component() {
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
      <h1 id="confirm-title">Confirm your email</h1>
      {!token && <Banner kind="error">{INVALID_LINK}</Banner>}
      {token && (confirm.isIdle || confirm.isPending) && <PageLoader label="Confirming your email address..." />}
      {confirm.isSuccess && <Banner kind="success">{confirm.data.message}</Banner>}
      {confirm.isError && <Banner kind="error">{errorMessage(confirm.error, INVALID_LINK)}</Banner>}
      <p className="form-footer">
        <Link className={confirm.isSuccess ? 'button' : undefined} to={paths.signIn.href()}>
          Go to sign in
        </Link>
      </p>
      {!confirm.isSuccess && (
        <p className="muted">Need a new link? Sign in with your email and password and choose “Resend confirmation”.</p>
      )}
    </section>
  );
}
