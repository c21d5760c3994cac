import type { AlertBody } from '@app/shared/alerts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../paths.ts';
import { alertQuery } from '../api/get-alert.ts';
import { useUpdateAlert } from '../api/update-alert.ts';
import { alertToInput } from '../criteria.ts';
import { AlertForm } from './alert-form.tsx';
import { AlertMatches } from './alert-matches.tsx';
import '../alerts.css';

/** /alerts/:id: edit an alert (name, search, frequency) and preview what it matches now. */
export function AlertEditScreen({ id }: { id: string }) {
  const { t } = useTranslation('alerts');
  const alert = useQuery(alertQuery(id));
  const update = useUpdateAlert();
  const [saved, setSaved] = useState(false);

  const back = (
    <p className="alerts-page__back">
      <Link to={paths.alerts.href()}>
        <span aria-hidden="true">← </span>
        {t('form.back')}
      </Link>
    </p>
  );

  if (alert.isPending) {
    return (
      <div className="alerts-page alerts-page--narrow">
        {back}
        <p className="muted">{t('loading')}</p>
      </div>
    );
  }
  if (alert.isError) {
    const missing = alert.error instanceof ApiError && alert.error.status === 404;
    return (
      <div className="alerts-page alerts-page--narrow">
        <title>{t('pageTitle')}</title>
        {back}
        <h1>{missing ? t('errors.notFound') : t('title')}</h1>
        <p>{missing ? t('errors.notFoundHint') : t('errors.loadOne')}</p>
      </div>
    );
  }

  const current = alert.data;
  const save = (body: AlertBody) => {
    setSaved(false);
    update.mutate(
      { id, patch: { name: body.name, criteria: body.criteria, frequency: body.frequency } },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <div className="alerts-page alerts-page--narrow">
      <title>{t('form.editPageTitle', { name: current.name })}</title>
      {back}
      <h1>{t('form.editTitle')}</h1>
      <p>
        <span className={`alert-status alert-status--${current.status}`}>{t(`status.${current.status}`)}</span>
      </p>
      <div role="status" aria-live="polite">
        {saved && <p className="banner banner--success">{t('form.saved')}</p>}
      </div>
      <AlertForm
        key={current.updated_at}
        mode="edit"
        initial={alertToInput(current)}
        pending={update.isPending}
        error={update.error}
        onSubmit={save}
      />
      <AlertMatches key={`${current.id}:${current.updated_at}`} alertId={current.id} />
    </div>
  );
}
