import type { SubscriptionState } from '@app/shared/billing';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/subscriptions/me: the signed-in account's subscription, limits and usage this month. */
export const getSubscription = (signal?: AbortSignal) =>
  api.get<SubscriptionState>('/api/subscriptions/me', { signal });

/** Keyed by user so that one account's subscription is never shown to the next one signed in. */
export const subscriptionQuery = (userId: string) =>
  queryOptions({
    queryKey: ['billing', 'me', userId],
    queryFn: ({ signal }) => getSubscription(signal),
  });
