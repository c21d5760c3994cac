import type { Alert } from '@app/shared/alerts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';
import { useDeleteAlert } from '../api/delete-alert.ts';
import { useUpdateAlert } from '../api/update-alert.ts';
import { useCriteriaSummary } from '../criteria.ts';

interface Props {
  alert: Alert;
  /** Announces an action's outcome in the list's live region (a deleted item cannot announce its own). */
  onOutcome: (outcome: { kind: 'success' | 'error'; text: string; upgrade?: boolean }) => void;
}

/** One alert: what it searches, status, frequency, matches now, last sent; pause/resume, edit, delete (confirmed). */
export function AlertItem({ alert, onOutcome }: Props) {
  const { t } = useTranslation('alerts');
  const summary = useCriteriaSummary();
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const matches = alert.match_count_is_lower_bound
    ? t('item.matchesAtLeast', { formatted: formatCount(alert.match_count) })
    : t('item.matchesValue', { count: alert.match_count, formatted: formatCount(alert.match_count) });

  function toggle() {
    const active = !alert.active;
    update.mutate(
      { id: alert.id, patch: { active } },
      {
        onSuccess: () =>
          onOutcome({ kind: 'success', text: t(active ? 'item.resumed' : 'item.paused', { name: alert.name }) }),
        onError: (err) =>
          onOutcome(
            err instanceof ApiError && err.code === 'plan_limit_reached'
              ? { kind: 'error', text: t('errors.limit'), upgrade: true }
              : { kind: 'error', text: t('errors.update') },
          ),
      },
    );
  }

  function confirmDelete() {
    remove.mutate(alert.id, {
      onSuccess: () => onOutcome({ kind: 'success', text: t('item.deleted', { name: alert.name }) }),
      onError: () => {
        setConfirming(false);
        onOutcome({ kind: 'error', text: t('errors.delete') });
      },
    });
  }

  const pauseAction = alert.active ? t('item.pause') : t('item.resume');
  return (
    <li className={`alert-item alert-item--${alert.status}`} data-testid="alert-item" data-alert-id={alert.id}>
      <article aria-labelledby={titleId}>
        <div className="alert-item__head">
          <h2 id={titleId} className="alert-item__title">
            <Link to={paths.alert.href(alert.id)}>{alert.name}</Link>
          </h2>
          <span className={`alert-status alert-status--${alert.status}`} data-testid="alert-status">
            {t(`status.${alert.status}`)}
          </span>
        </div>
        <p className="alert-item__criteria">
          <span className="visually-hidden">{t('item.criteria')}: </span>
          {summary(alert.criteria)}
        </p>
        <dl className="alert-item__facts">
          <div>
            <dt>{t('item.frequency')}</dt>
            <dd>{t(`frequency.${alert.frequency}`)}</dd>
          </div>
          <div>
            <dt>{t('item.matches')}</dt>
            <dd data-testid="alert-matches">{matches}</dd>
          </div>
          <div>
            <dt>{t('item.lastSent')}</dt>
            <dd>
              {alert.last_notified_at ? formatDateTime(alert.last_notified_at) : t('item.never')}
              {alert.sent_count > 0 && <span className="muted"> ({t('item.sent', { count: alert.sent_count })})</span>}
            </dd>
          </div>
          <div>
            <dt>{t('item.created')}</dt>
            <dd>{formatDate(alert.created_at)}</dd>
          </div>
        </dl>
        {confirming ? (
          <div className="alert-item__confirm" role="group" aria-labelledby={`${titleId}-confirm`}>
            <p id={`${titleId}-confirm`}>{t('item.confirmDelete', { name: alert.name })}</p>
            <div className="alert-item__actions">
              <button
                ref={confirmRef}
                type="button"
                className="button button--danger button--small"
                disabled={remove.isPending}
                onClick={confirmDelete}
              >
                {t('item.confirm')}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => {
                  setConfirming(false);
                  setTimeout(() => deleteRef.current?.focus(), 0);
                }}
              >
                {t('item.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="alert-item__actions">
            <Link
              className="button button--secondary button--small"
              to={paths.alert.href(alert.id)}
              aria-label={t('item.actionLabel', { action: t('item.edit'), name: alert.name })}
            >
              {t('item.edit')}
            </Link>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={update.isPending}
              aria-label={t('item.actionLabel', { action: pauseAction, name: alert.name })}
              onClick={toggle}
            >
              {pauseAction}
            </button>
            <button
              ref={deleteRef}
              type="button"
              className="button button--secondary button--small"
              aria-label={t('item.actionLabel', { action: t('item.delete'), name: alert.name })}
              onClick={() => setConfirming(true)}
            >
              {t('item.delete')}
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
