import { useTranslation } from 'react-i18next';

/** A polite, centred loading message for a screen that is not ready yet ('Loading...' by default). */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
