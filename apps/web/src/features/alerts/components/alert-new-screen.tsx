import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../paths.ts';
import { useCreateAlert } from '../api/create-alert.ts';
import { alertFromSearchParams, hasSearchParams } from '../criteria.ts';
import { AlertForm } from './alert-form.tsx';
import '../alerts.css';

/**
 * /alerts/new: create an alert. 'Set up Alert' on Home opens it empty; 'Create alert from this
 * search' on /search opens it with the search's query and filters (?q=&region=&method=&after=).
 */
export function AlertNewScreen() {
  const { t } = useTranslation('alerts');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateAlert();
  const initial = alertFromSearchParams(params);

  return (
    <div className="alerts-page alerts-page--narrow">
      <title>{t('form.newPageTitle')}</title>
      <p className="alerts-page__back">
        <Link to={paths.alerts.href()}>
          <span aria-hidden="true">← </span>
          {t('form.back')}
        </Link>
      </p>
      <h1>{t('form.newTitle')}</h1>
      {hasSearchParams(params) && <p className="banner banner--info">{t('form.fromSearch')}</p>}
      <AlertForm
        mode="create"
        initial={initial}
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (alert) => void navigate(paths.alerts.href(), { state: { created: alert.name } }),
          })
        }
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}
