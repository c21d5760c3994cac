import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction } from 'react-router';
import { paths } from '../paths.ts';
import { RootErrorBoundary, RootLayout } from './routes/root.tsx';

/** What a lazy route module exports: its component and, optionally, a loader needing the cache. */
interface RouteModule {
  Component: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}

const convert =
  (queryClient: QueryClient) =>
  ({ Component, clientLoader }: RouteModule) =>
    clientLoader ? { Component, loader: clientLoader(queryClient) } : { Component };

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: paths.home.path,
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      // Shown for the few milliseconds the first lazy route takes to load.
      HydrateFallback: () => null,
      children: [
        { index: true, lazy: () => import('./routes/home.tsx').then(convert(queryClient)) },
        { path: '*', lazy: () => import('./routes/not-found.tsx').then(convert(queryClient)) },
      ],
    },
  ]);
}
