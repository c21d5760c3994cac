import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../paths.ts';

/** True for the server's 402 `plan_limit_reached` (a search, an export, an invitation beyond the plan). */
export const isPlanLimitError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'plan_limit_reached';

/**
 * The server's message naming the limit and the upgrade (in the app's language: the API client
 * sends it), with a link to /plans. Shown instead of a generic failure wherever a call is metered.
 */
export function PlanLimitNotice({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  return (
    <div className="banner banner--info plan-limit" role="alert" data-testid="plan-limit">
      <p>
        <strong>{t('planLimit.title')}</strong> {error.message}
      </p>
      <p>
        <Link className="button button--small" to={paths.plans.href()}>
          {t('planLimit.seePlans')}
        </Link>
      </p>
    </div>
  );
}
