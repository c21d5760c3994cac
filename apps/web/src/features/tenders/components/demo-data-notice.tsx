import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tenderStatsQuery } from '../api/get-tender-stats.ts';

/** Says so whenever the database holds the generated demo set instead of official notices. */
export function DemoDataNotice() {
  const { t } = useTranslation('landing');
  const { data } = useQuery(tenderStatsQuery());
  if (!data?.demo_data) return null;
  return (
    <p className="notice" role="note">
      <strong>{t('figures.demoNoticeLabel')}</strong> {t('figures.demoNotice')}
    </p>
  );
}
