import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { useAuth } from '../../features/auth/auth-store.ts';
import { FeatureCards } from '../../features/marketing/components/feature-cards.tsx';
import { FinalCta } from '../../features/marketing/components/final-cta.tsx';
import { Hero } from '../../features/marketing/components/hero.tsx';
import { LandingFaq } from '../../features/marketing/components/landing-faq.tsx';
import { LaunchBanner } from '../../features/marketing/components/launch-banner.tsx';
import { ProblemSolution } from '../../features/marketing/components/problem-solution.tsx';
import { SearchPreview } from '../../features/marketing/components/search-preview.tsx';
import { Testimonials } from '../../features/marketing/components/testimonials.tsx';
import { tenderStatsQuery } from '../../features/tenders/api/get-tender-stats.ts';
import { searchTendersQuery } from '../../features/tenders/api/search-tenders.ts';
import { DemoDataNotice } from '../../features/tenders/components/demo-data-notice.tsx';
import { OpenTendersStats } from '../../features/tenders/components/open-tenders-stats.tsx';
import { paths } from '../../paths.ts';
import '../../features/marketing/marketing.css';

/** Titles a signed-out visitor sees under the hero search; the count is of every match. */
export const PREVIEW_SIZE = 3;

// Starts the requests while the route's code loads; never throws, the components show errors.
export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(tenderStatsQuery());
    const q = new URL(request.url).searchParams.get('q')?.trim();
    if (q) void queryClient.prefetchQuery(searchTendersQuery(q, PREVIEW_SIZE));
    return null;
  };

/** The landing page (spec §2): banner, then hero, stats, features, problem/solution, testimonials, FAQ, call to action. */
export function Component() {
  const { t } = useTranslation('landing');
  const { isSignedIn } = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const search = useQuery(searchTendersQuery(q, PREVIEW_SIZE));

  // Signed in: the full search screen. Signed out: the preview below the box, kept in the address.
  const onSearch = (next: string) => {
    if (isSignedIn) void navigate(paths.search.href(next));
    else setSearchParams({ q: next }, { preventScrollReset: true });
  };

  return (
    <>
      <title>{t('pageTitle')}</title>
      <LaunchBanner />
      <Hero initialQuery={q} onSearch={onSearch} searching={q !== '' && search.isFetching}>
        <SearchPreview
          q={q}
          data={search.data}
          isPending={search.isPending}
          isError={search.isError}
          onRetry={() => void search.refetch()}
        />
      </Hero>
      <section className="landing-section" aria-labelledby="figures-title" data-section="stats">
        <h2 id="figures-title" className="landing-section__title">
          {t('figures.title')}
        </h2>
        <p className="landing-section__lead">{t('figures.lead')}</p>
        <ErrorBoundary fallback={<p className="stats stats--muted">{t('figures.unavailable')}</p>}>
          <OpenTendersStats />
          <DemoDataNotice />
        </ErrorBoundary>
      </section>
      <FeatureCards />
      <ProblemSolution />
      <Testimonials />
      <LandingFaq />
      <FinalCta />
    </>
  );
}
