import type { Team } from '@app/shared/team';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/form.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { isPlanLimitError, PlanLimitNotice } from '../../../components/ui/plan-limit-notice.tsx';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';
import { teamQuery, useInvite, useLeaveTeam, useRemoveMember, useRevokeInvite } from '../api/team-api.ts';
import { teamErrorMessage } from '../error-message.ts';
import '../team.css';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/**
 * /team (ADR 0013): the account's people and its users against the plan's limit; the owner
 * invites by email, revokes invitations and removes members; a member sees who shares the plan
 * and can leave.
 */
export function TeamScreen({ userId }: { userId: string }) {
  const { t } = useTranslation('team');
  const team = useQuery(teamQuery(userId));
  const [outcome, setOutcome] = useState<Outcome>(null);

  return (
    <div className="team-page">
      <title>{t('pageTitle')}</title>
      <h1>{t('title')}</h1>
      <div className={outcome ? `banner banner--${outcome.kind}` : undefined} role="status" aria-live="polite">
        {outcome?.text}
      </div>
      {team.isPending ? (
        <PageLoader label={t('loading')} />
      ) : team.isError ? (
        <div className="banner banner--error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void team.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <TeamDetails team={team.data} userId={userId} onOutcome={setOutcome} />
      )}
    </div>
  );
}

function TeamDetails({ team, userId, onOutcome }: { team: Team; userId: string; onOutcome: (o: Outcome) => void }) {
  const { t } = useTranslation('team');
  const owner = team.members.find((m) => m.role === 'owner');
  const isOwner = team.role === 'owner';
  const remove = useRemoveMember();
  const revoke = useRevokeInvite();
  const leave = useLeaveTeam();
  const fail = (err: unknown) => onOutcome({ kind: 'error', text: teamErrorMessage(t, err) });
  const { used, pending, limit } = team.users;

  return (
    <>
      <p className="muted">
        {isOwner ? t('intro.owner') : t('intro.member', { owner: owner?.companyName ?? owner?.email ?? '' })}
      </p>
      <p className="team-usage" data-testid="team-users">
        <strong>
          {limit === -1
            ? t('users.unlimited', { used: formatCount(used) })
            : t('users.limited', { used: formatCount(used), limit: formatCount(limit) })}
        </strong>
        {pending > 0 && ` · ${t('users.pending', { count: pending })}`} ·{' '}
        <Link to={paths.plans.href()}>{t('users.seePlans')}</Link>
      </p>

      <section className="team-panel" aria-labelledby="team-people">
        <h2 id="team-people">{t('people.title')}</h2>
        <ul className="team-list" data-testid="team-members">
          {team.members.map((m) => (
            <li key={m.userId} className="team-list__item">
              <div className="team-list__who">
                <strong className="team-list__email">{m.email}</strong>
                {m.userId === userId && <span className="muted"> {t('people.you')}</span>}
                <span className="chip">{m.role === 'owner' ? t('people.owner') : t('people.member')}</span>
                {m.companyName && <p className="muted">{m.companyName}</p>}
                {m.joinedAt && <p className="muted">{t('people.joined', { date: formatDate(m.joinedAt) })}</p>}
              </div>
              {isOwner && m.role === 'member' && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={remove.isPending}
                  aria-label={t('people.removeLabel', { email: m.email })}
                  onClick={() =>
                    remove.mutate(m.userId, {
                      onSuccess: () => onOutcome({ kind: 'success', text: t('people.removed', { email: m.email }) }),
                      onError: fail,
                    })
                  }
                >
                  {t('people.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
        {!isOwner && (
          <div className="team-leave">
            <button
              type="button"
              className="button button--secondary"
              disabled={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: () => onOutcome({ kind: 'success', text: t('leave.done') }),
                  onError: fail,
                })
              }
            >
              {leave.isPending ? t('leave.leaving') : t('leave.button')}
            </button>
            <p className="muted">{t('leave.hint')}</p>
          </div>
        )}
      </section>

      {isOwner && (
        <>
          <section className="team-panel" aria-labelledby="team-invites">
            <h2 id="team-invites">{t('invites.title')}</h2>
            {team.invites.length === 0 ? (
              <p className="muted">{t('invites.none')}</p>
            ) : (
              <ul className="team-list" data-testid="team-invites">
                {team.invites.map((i) => (
                  <li key={i.id} className="team-list__item">
                    <div className="team-list__who">
                      <strong className="team-list__email">{i.email}</strong>
                      <p className="muted">{t('invites.expires', { date: formatDate(i.expiresAt) })}</p>
                    </div>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={revoke.isPending}
                      aria-label={t('invites.revokeLabel', { email: i.email })}
                      onClick={() =>
                        revoke.mutate(i.id, {
                          onSuccess: () =>
                            onOutcome({ kind: 'success', text: t('invites.revoked', { email: i.email }) }),
                          onError: fail,
                        })
                      }
                    >
                      {t('invites.revoke')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <InviteForm onOutcome={onOutcome} />
        </>
      )}
    </>
  );
}

function InviteForm({ onOutcome }: { onOutcome: (o: Outcome) => void }) {
  const { t } = useTranslation('team');
  const invite = useInvite();
  const [email, setEmail] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) return;
    onOutcome(null);
    invite.mutate(address, {
      onSuccess: () => {
        setEmail('');
        onOutcome({ kind: 'success', text: t('invite.sent', { email: address }) });
      },
    });
  };

  return (
    <section className="team-panel" aria-labelledby="team-invite">
      <h2 id="team-invite">{t('invite.title')}</h2>
      {invite.isError &&
        (isPlanLimitError(invite.error) ? (
          <PlanLimitNotice error={invite.error} />
        ) : (
          <Banner kind="error">{teamErrorMessage(t, invite.error)}</Banner>
        ))}
      <form className="team-invite" noValidate onSubmit={onSubmit}>
        <label className="field__label" htmlFor="team-invite-email">
          {t('invite.email')}
        </label>
        <div className="team-invite__row">
          <input
            id="team-invite-email"
            className="field__input"
            type="email"
            autoComplete="off"
            maxLength={320}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="button" disabled={invite.isPending || !email.trim()}>
            {invite.isPending ? t('invite.sending') : t('invite.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
