import type { BillingCycle } from '@app/shared/billing-constants';
import { useSearchParams } from 'react-router';
import { parseCycle } from './format.ts';

/** The cycle lives in the URL (`?billing=yearly`) so a shared or reloaded link keeps it. */
export function useBillingCycle() {
  const [searchParams, setSearchParams] = useSearchParams();
  const cycle = parseCycle(searchParams.get('billing'));
  const setCycle = (next: BillingCycle) =>
    setSearchParams(
      (params) => {
        params.set('billing', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  return [cycle, setCycle] as const;
}
