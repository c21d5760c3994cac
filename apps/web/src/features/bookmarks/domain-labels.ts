import { PROVINCES, TENDER_STATUSES, type Province } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';

type Status = (typeof TENDER_STATUSES)[number];
const isProvince = (s: string): s is Province => (PROVINCES as readonly string[]).includes(s);
const isStatus = (s: string): s is Status => (TENDER_STATUSES as readonly string[]).includes(s);

/** Province and status names from `common` (domain.*) in the UI's language; other values as they are. */
export function useDomainLabels() {
  const { t } = useTranslation();
  return {
    province: (p: string) => (isProvince(p) ? t(`domain.provinces.${p}`) : p),
    status: (s: string) => (isStatus(s) ? t(`domain.statuses.${s}`) : s),
  };
}
