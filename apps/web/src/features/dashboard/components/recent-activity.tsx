import type { Activity } from '@app/shared/activity';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format.ts';
import { pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';
import { activityQuery } from '../api/dashboard-api.ts';

const RESULTS = /^(\d+)(\+?) results?$/;
// What the RFP download records (rfp.routes.ts): "<file>: analysis report (PDF|Markdown)".
const REPORT = /^(.+): analysis report \((PDF|Markdown)\)$/;

/** The server's detail in the UI's language when it is one of its fixed forms, else as written. */
function Detail({ text }: { text: string }) {
  const { t } = useTranslation('dashboard');
  const report = REPORT.exec(text);
  if (report) return <span>{t('activity.report', { file: report[1], format: report[2] })}</span>;
  const m = RESULTS.exec(text);
  if (!m) return <span>{text}</span>;
  const count = Number(m[1]);
  return <span>{t('activity.results', { count, n: `${formatCount(count)}${m[2] ?? ''}` })}</span>;
}

function Subject({ entry }: { entry: Activity }) {
  const { t } = useTranslation('dashboard');
  if (entry.kind === 'searched' && entry.query) {
    return <Link to={paths.search.href(entry.query)}>“{entry.query}”</Link>;
  }
  if (entry.tender) {
    return (
      <Link to={paths.tenderNotice.href(entry.tender.id)}>
        {pickLocalized(entry.tender.title, entry.tender.title_fr)}
      </Link>
    );
  }
  if (entry.kind === 'downloaded') return <Link to={paths.rfpAnalysis.href()}>{t('activity.rfp')}</Link>;
  return <span>{t('activity.tenderGone')}</span>;
}

/** Recent Activity (spec §2 "Recent activity", made real): the server's log of what the user did. */
export function RecentActivity() {
  const { t } = useTranslation('dashboard');
  const activity = useQuery(activityQuery());
  return (
    <div>
      <div className="dash-panel__head">
        <h2>{t('activity.title')}</h2>
      </div>
      {activity.isPending && (
        <p className="muted" role="status">
          {t('activity.loading')}
        </p>
      )}
      {activity.isError && (
        <p className="banner banner--error" role="alert">
          {t('activity.loadFailed')}
        </p>
      )}
      {activity.data?.length === 0 && <p className="dash-empty">{t('activity.empty')}</p>}
      {activity.data && activity.data.length > 0 && (
        <ol className="dash-activity" data-testid="activity-list">
          {activity.data.map((entry) => (
            <li key={entry.id} className="dash-activity__item" data-kind={entry.kind}>
              <span className={`dash-kind dash-kind--${entry.kind}`}>{t(`activity.kinds.${entry.kind}`)}</span>
              <div className="dash-activity__body">
                <Subject entry={entry} />
                <span className="dash-activity__meta">
                  {entry.tender?.organization && (
                    <span>{pickLocalized(entry.tender.organization, entry.tender.organization_fr)}</span>
                  )}
                  {entry.detail && <Detail text={entry.detail} />}
                  {entry.tender?.closing_date && (
                    <span>{t('activity.closes', { date: formatDate(entry.tender.closing_date) })}</span>
                  )}
                </span>
              </div>
              <time className="dash-activity__time" dateTime={entry.created_at}>
                {formatDateTime(entry.created_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
