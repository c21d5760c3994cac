import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Spec §4 "Home tab": recommended (default), bookmarks, chat, history. */
export const HOME_TABS = ['recommended', 'bookmarks', 'chat', 'history'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
const isHomeTab = (v: string | null): v is HomeTab => (HOME_TABS as readonly (string | null)[]).includes(v);

/**
 * The four home tabs as a WAI-ARIA tab list (automatic activation: arrows, Home and End move and
 * select). The chosen tab is kept in `?tab=` so Back and a shared link return to it. Only the
 * selected panel is mounted: the chat session starts when its tab opens (spec §4).
 */
export function HomeTabs({ panels }: { panels: Record<HomeTab, () => ReactNode> }) {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const selected: HomeTab = isHomeTab(raw) ? raw : 'recommended';
  const base = useId();
  const refs = useRef<Partial<Record<HomeTab, HTMLButtonElement | null>>>({});

  function select(tab: HomeTab, focus = false) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (tab === 'recommended') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (focus) refs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const i = HOME_TABS.indexOf(selected);
    const last = HOME_TABS.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (i + 1) % HOME_TABS.length
        : event.key === 'ArrowLeft'
          ? (i + last) % HOME_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    select(HOME_TABS[to] ?? 'recommended', true);
  }

  const labels: Record<HomeTab, ReactNode> = {
    recommended: t('tabs.recommended'),
    bookmarks: t('tabs.bookmarks'),
    chat: (
      <>
        {t('tabs.chat')} <span className="dash-beta">{t('tabs.beta')}</span>
      </>
    ),
    history: t('tabs.history'),
  };

  return (
    <div className="dash-tabs">
      <div className="dash-tabs__list" role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown}>
        {HOME_TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab}`}
            aria-controls={`${base}-panel-${tab}`}
            aria-selected={tab === selected}
            tabIndex={tab === selected ? 0 : -1}
            className="dash-tabs__tab"
            onClick={() => select(tab)}
          >
            {labels[tab]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${selected}`}
        aria-labelledby={`${base}-tab-${selected}`}
        className="dash-panel"
        // Scrolls when taller than its maximum height (spec §9: 1200px panels): focusable for keyboard users.
        tabIndex={0}
        data-testid={`panel-${selected}`}
      >
        {panels[selected]()}
      </div>
    </div>
  );
}
