import type { BillingCycle } from '@app/shared/billing-constants';
import type { FeatureTable, Plan } from '@app/shared/billing';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/subscriptions/plans?billingCycle=: the plan cards for one cycle (public). */
export const getPlans = (billingCycle: BillingCycle, signal?: AbortSignal) =>
  api.get<Plan[]>(`/api/subscriptions/plans?${new URLSearchParams({ billingCycle }).toString()}`, { signal });

export const plansQuery = (billingCycle: BillingCycle) =>
  queryOptions({
    queryKey: ['billing', 'plans', billingCycle],
    queryFn: ({ signal }) => getPlans(billingCycle, signal),
    // The toggle keeps the other cycle's cards on screen while the new prices load.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** GET /api/subscriptions/feature-table: the Starter vs Pro comparison (spec §6), built by the server. */
export const getFeatureTable = (signal?: AbortSignal) =>
  api.get<FeatureTable>('/api/subscriptions/feature-table', { signal });

export const featureTableQuery = () =>
  queryOptions({
    queryKey: ['billing', 'feature-table'],
    queryFn: ({ signal }) => getFeatureTable(signal),
    staleTime: 5 * 60_000,
  });
