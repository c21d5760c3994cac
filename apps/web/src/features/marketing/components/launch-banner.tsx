import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';

/** Local-storage flag of spec §2: once closed, the banner stays hidden on every later visit. */
export const BANNER_CLOSED_KEY = 'welcome-banner-closed';

function wasClosed(): boolean {
  try {
    return globalThis.localStorage?.getItem(BANNER_CLOSED_KEY) === 'true';
  } catch {
    return false; // Storage blocked: show it; closing still hides it for this visit.
  }
}

/** The dismissible sticky launch banner of the landing page, with the 14-day trial call. */
export function LaunchBanner() {
  const { t } = useTranslation('landing');
  const [closed, setClosed] = useState(wasClosed);
  if (closed) return null;

  const close = () => {
    try {
      globalThis.localStorage?.setItem(BANNER_CLOSED_KEY, 'true');
    } catch {
      // Not remembered, still hidden.
    }
    setClosed(true);
  };

  return (
    <section className="launch-banner" aria-label={t('banner.label')} data-testid="launch-banner">
      <p className="launch-banner__text">
        <span className="launch-banner__badge">{t('banner.new')}</span> {t('banner.text')}{' '}
        <Link to={paths.pricing.href()}>{t('banner.cta')}</Link>
      </p>
      <button type="button" className="launch-banner__close" aria-label={t('banner.close')} onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
