import type { CheckoutBody, CheckoutConfirmation, CheckoutResult, PortalResult } from '@app/shared/billing';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

/** POST /api/subscriptions/checkout: Stripe Checkout's URL, or the local success page (no charge). */
export const createCheckout = (body: CheckoutBody) => api.post<CheckoutResult>('/api/subscriptions/checkout', body);

/** GET /api/subscriptions/checkout/:sessionId: what the success page confirms. */
export const confirmCheckout = (sessionId: string, signal?: AbortSignal) =>
  api.get<CheckoutConfirmation>(`/api/subscriptions/checkout/${encodeURIComponent(sessionId)}`, { signal });

/** How many times the success page asks again while the session is still open (2 s apart). */
export const CONFIRM_POLLS = 15;

export const checkoutConfirmationQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['billing', 'checkout', sessionId],
    queryFn: ({ signal }) => confirmCheckout(sessionId, signal),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    // Stripe may send the browser back before the session reads complete: ask again for a while.
    refetchInterval: (query) =>
      query.state.data?.status === 'open' && query.state.dataUpdateCount < CONFIRM_POLLS ? 2_000 : false,
  });

/** POST /api/subscriptions/portal: Stripe's customer portal ('Manage subscription'). */
export const openPortal = () => api.post<PortalResult>('/api/subscriptions/portal', undefined);

/** Sends the browser to a URL the server answered (Stripe Checkout, the portal or the local success page). */
export const goTo = (url: string) => window.location.assign(url);

/** Starts a checkout and, on success, leaves the app for the URL the server answered. */
export const useCheckout = () =>
  useMutation({
    mutationFn: createCheckout,
    onSuccess: (result) => goTo(result.url),
  });

export const usePortal = () =>
  useMutation({
    mutationFn: openPortal,
    onSuccess: (result) => goTo(result.url),
  });
