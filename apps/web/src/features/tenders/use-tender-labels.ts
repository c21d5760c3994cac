import { PROVINCES, type Province } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { categoryCodes, statusKey } from './components/tender-detail/tender-format.ts';

const isProvince = (s: string): s is Province => (PROVINCES as readonly string[]).includes(s);

/** Status, category and province words of the tender screens, in the UI's language. */
export function useTenderLabels() {
  const { t } = useTranslation('tender');
  const { t: tc } = useTranslation();
  return {
    status(status: string | null | undefined): string {
      const key = statusKey(status);
      if (!key) return t('statusUnknown');
      return 'known' in key ? tc(`domain.statuses.${key.known}`) : key.other;
    },
    /** Spec §5: each code decoded ('CNST*SRV' → 'Construction, Services'). */
    categories(value: string | null | undefined): string[] {
      return categoryCodes(value).map((c) => tc(`domain.categories.${c}`));
    },
    province(value: string): string {
      return isProvince(value) ? tc(`domain.provinces.${value}`) : value;
    },
  };
}
