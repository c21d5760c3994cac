import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Banner } from '../../../components/ui/form.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { isPlanLimitError, PlanLimitNotice } from '../../../components/ui/plan-limit-notice.tsx';
import { formatDate } from '../../../lib/format.ts';
import { clearPendingInvite, pendingInvite, savePendingInvite } from '../../../lib/pending-invite.ts';
import { paths } from '../../../paths.ts';
import { useAcceptInvite, useInvitePreview } from '../api/team-api.ts';
import { teamErrorMessage } from '../error-message.ts';
import '../team.css';

/**
 * /team/join#token=… (ADR 0013), the target of the invitation mail, signed in or not. The token
 * comes in the fragment (never sent to a server in a URL) and is kept until the invitation is
 * accepted or declined, so signing in or signing up first brings the visitor back here.
 */
export function TeamJoin({ signedInAs, onSignOut }: { signedInAs: string | null; onSignOut: () => void }) {
  const { t } = useTranslation('team');
  const location = useLocation();
  const [token] = useState(() => {
    const fromLink = new URLSearchParams(location.hash.replace(/^#/, '')).get('token')?.trim();
    if (fromLink) savePendingInvite(fromLink);
    return fromLink || pendingInvite();
  });
  const preview = useInvitePreview();
  const accept = useAcceptInvite();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    // The token leaves the address bar (and the history) at once.
    if (location.hash) history.replaceState(history.state, '', location.pathname);
    preview.mutate(token, { onError: () => clearPendingInvite() });
  }, [token, preview, location.hash, location.pathname]);

  const invite = preview.data;
  const decline = () => clearPendingInvite();

  return (
    <section className="auth-card team-join" aria-labelledby="join-title">
      <title>{t('join.pageTitle')}</title>
      <h1 id="join-title">{t('join.title')}</h1>
      {!token && <Banner kind="error">{t('join.noToken')}</Banner>}
      {token && (preview.isIdle || preview.isPending) && <PageLoader label={t('join.loading')} />}
      {preview.isError && <Banner kind="error">{teamErrorMessage(t, preview.error)}</Banner>}
      {invite && (
        <>
          <p>{t('join.invited', { owner: invite.ownerEmail, email: invite.email, team: invite.teamName })}</p>
          <p className="muted">{t('join.expires', { date: formatDate(invite.expiresAt) })}</p>
          {accept.isSuccess ? (
            <>
              <Banner kind="success">{t('join.joined', { team: invite.teamName })}</Banner>
              <p className="team-join__actions">
                <Link className="button" to={paths.team.href()}>
                  {t('join.goTeam')}
                </Link>
                <Link className="button button--secondary" to={paths.appHome.href()}>
                  {t('join.continue')}
                </Link>
              </p>
            </>
          ) : signedInAs === null ? (
            <>
              <p>{t('join.signInPrompt', { email: invite.email })}</p>
              <p className="team-join__actions">
                <Link className="button" to={paths.signIn.href()}>
                  {t('join.signIn')}
                </Link>
                <Link className="button button--secondary" to={paths.signUp.href()}>
                  {t('join.signUp')}
                </Link>
              </p>
            </>
          ) : signedInAs !== invite.email ? (
            <>
              <Banner kind="error">{t('join.wrongAccount', { email: invite.email, current: signedInAs })}</Banner>
              <p className="team-join__actions">
                <button type="button" className="button" onClick={onSignOut}>
                  {t('join.signIn')}
                </button>
              </p>
            </>
          ) : (
            <>
              {accept.isError &&
                (isPlanLimitError(accept.error) ? (
                  <PlanLimitNotice error={accept.error} />
                ) : (
                  <Banner kind="error">{teamErrorMessage(t, accept.error)}</Banner>
                ))}
              <p className="team-join__actions">
                <button
                  type="button"
                  className="button"
                  disabled={accept.isPending}
                  onClick={() => accept.mutate(token ?? '', { onSuccess: () => clearPendingInvite() })}
                >
                  {accept.isPending ? t('join.accepting') : t('join.accept')}
                </button>
                <Link className="button button--secondary" to={paths.appHome.href()} onClick={decline}>
                  {t('join.decline')}
                </Link>
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}
