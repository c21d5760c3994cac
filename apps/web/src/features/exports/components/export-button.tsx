import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlanLimitError, PlanLimitNotice } from '../../../components/ui/plan-limit-notice.tsx';
import { formatCount } from '../../../lib/format.ts';
import { type ExportRequest, useExportCsv } from '../api/export-csv.ts';
import '../exports.css';

/**
 * 'Export CSV' (spec §6): downloads what the screen shows (the table view's filters and text, the
 * search page's criteria, or the bookmarks) as a CSV file. Each click uses one of the plan's
 * monthly exports; beyond the limit the server's message and a link to /plans are shown.
 */
export function ExportButton({ request }: { request: ExportRequest }) {
  const { t } = useTranslation();
  const exportCsv = useExportCsv();
  const hintId = useId();
  const outcome = exportCsv.data;
  return (
    <div className="export">
      <button
        type="button"
        className="button button--secondary button--small export__button"
        disabled={exportCsv.isPending}
        aria-describedby={hintId}
        onClick={() => exportCsv.mutate(request)}
      >
        {exportCsv.isPending ? t('export.exporting') : t('export.button')}
      </button>
      <span id={hintId} className="visually-hidden">
        {t('export.label')}
      </span>
      <div className="export__status" role="status" aria-live="polite">
        {exportCsv.isSuccess && outcome && (
          <p className="muted">
            {t('export.done', {
              count: outcome.rows,
              formatted: formatCount(outcome.rows),
              filename: outcome.filename,
            })}
            {outcome.total > outcome.rows &&
              ` ${t('export.capped', { rows: formatCount(outcome.rows), total: formatCount(outcome.total) })}`}
          </p>
        )}
      </div>
      {exportCsv.isError &&
        (isPlanLimitError(exportCsv.error) ? (
          <PlanLimitNotice error={exportCsv.error} />
        ) : (
          <p className="banner banner--error" role="alert">
            {t('export.failed')}
          </p>
        ))}
    </div>
  );
}
