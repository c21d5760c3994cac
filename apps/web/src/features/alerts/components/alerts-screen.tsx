import type { AlertUsage } from '@app/shared/alerts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';
import { alertListQuery } from '../api/get-alerts.ts';
import { AlertItem } from './alert-item.tsx';
import '../alerts.css';

type Outcome = { kind: 'success' | 'error'; text: string; upgrade?: boolean };

function UsageLine({ usage }: { usage: AlertUsage }) {
  const { t } = useTranslation('alerts');
  const text =
    usage.limit === -1
      ? t('usage.unlimited', { active: formatCount(usage.active), plan: usage.plan_name })
      : // The count is the active alerts: French agrees the noun with it ("1 alerte active sur 3").
        t('usage.limited', { count: usage.active, active: formatCount(usage.active), limit: formatCount(usage.limit) });
  return (
    <section className="alert-usage" aria-labelledby="alert-usage-title">
      <h2 id="alert-usage-title" className="visually-hidden">
        {t('usage.label')}
      </h2>
      <p className="alert-usage__line" data-testid="alert-usage">
        {text}
      </p>
      {usage.limit !== -1 && (
        <meter
          className="alert-usage__meter"
          min={0}
          max={Math.max(usage.limit, 1)}
          value={Math.min(usage.active, usage.limit)}
          aria-label={text}
        />
      )}
      {usage.at_limit && (
        <p className="alert-usage__limit">
          {usage.active > usage.limit ? t('usage.overLimit') : t('usage.atLimit', { plan: usage.plan_name })}{' '}
          <Link to={paths.plans.href()}>{t('usage.upgrade')}</Link>
        </p>
      )}
    </section>
  );
}

/** /alerts: the caller's alerts with status, frequency, matches now and last sent; plan usage; empty state. */
export function AlertsScreen() {
  const { t } = useTranslation('alerts');
  const alerts = useQuery(alertListQuery());
  const location = useLocation();
  const created = (location.state as { created?: string } | null)?.created;
  const [outcome, setOutcome] = useState<Outcome | null>(
    created ? { kind: 'success', text: t('form.created', { name: created }) } : null,
  );

  const data = alerts.data;
  return (
    <div className="alerts-page">
      <title>{t('pageTitle')}</title>
      <div className="alerts-page__head">
        <h1>{t('title')}</h1>
        <Link className="button" to={paths.alertNew.href()}>
          {t('create')}
        </Link>
      </div>
      <p className="muted">{t('intro')}</p>

      {/* One live region for every item's outcome, so a deleted item can still be announced. */}
      <div className={outcome ? `banner banner--${outcome.kind}` : undefined} role="status" aria-live="polite">
        {outcome?.text}
        {outcome?.upgrade && (
          <>
            {' '}
            <Link to={paths.plans.href()}>{t('usage.upgrade')}</Link>
          </>
        )}
      </div>

      {alerts.isPending && <p className="muted">{t('loading')}</p>}
      {alerts.isError && (
        <div className="banner banner--error" role="alert">
          <p>{t('errors.load')}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void alerts.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      )}

      {data && <UsageLine usage={data.usage} />}

      {data && data.alerts.length === 0 && (
        <div className="alerts-empty">
          <h2>{t('empty')}</h2>
          <p>{t('emptyHint')}</p>
          <p className="alerts-empty__actions">
            <Link className="button" to={paths.alertNew.href()}>
              {t('create')}
            </Link>
            <Link className="button button--secondary" to={paths.search.href()}>
              {t('emptySearch')}
            </Link>
          </p>
        </div>
      )}

      {data && data.alerts.length > 0 && (
        <ul className="alert-list" aria-label={t('title')}>
          {data.alerts.map((a) => (
            <AlertItem key={a.id} alert={a} onOutcome={setOutcome} />
          ))}
        </ul>
      )}
    </div>
  );
}
