import type { Tender } from '@app/shared/tender';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CountdownBadge } from '../../../../components/ui/countdown-badge.tsx';
import { PageLoader } from '../../../../components/ui/page-loader.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { pickLocalized } from '../../../../lib/i18n.ts';
import { paths } from '../../../../paths.ts';
import { tenderDetailQuery } from '../../api/get-tender-detail.ts';
import { useRecordView } from '../../api/record-view.ts';
import { useTenderLabels } from '../../use-tender-labels.ts';
import { AiSummaryPanel } from './ai-summary-panel.tsx';
import { AmendmentHistory } from './amendment-history.tsx';
import { BookmarkButton } from './bookmark-button.tsx';
import { descriptionText } from './description-text.ts';
import { formatTenderDate, formatTenderDateTime, statusTone, unspscEntries } from './tender-format.ts';
import '../badges.css';
import './tender-detail.css';

/** The spec's back button and breadcrumb lead to the search page. */
const searchHref = () => paths.search.href();

export function TenderDetailPage({ tenderId }: { tenderId: string }) {
  const { t } = useTranslation('tender');
  const id = tenderId.trim();
  const { data: tender, isPending, error } = useQuery({ ...tenderDetailQuery(id), enabled: id !== '' });

  if (!id) {
    return (
      <Message title={t('errorTitle')}>
        <p>{t('noIdText')}</p>
      </Message>
    );
  }
  if (isPending) return <PageLoader label={t('loading')} />;
  if (error) {
    return (
      <Message title={t('errorTitle')}>
        {/* Spec §8: an API failure is 'Failed to load tender details'; anything else (an unreadable
            answer, a bug) 'An unexpected error occurred', never the raw exception text. */}
        <p>{error instanceof ApiError ? t('errorText') : t('unexpectedError')}</p>
      </Message>
    );
  }
  if (!tender) {
    return (
      <Message title={t('notFoundTitle')}>
        <p>{t('notFoundText')}</p>
      </Message>
    );
  }
  return <TenderDetail tender={tender} />;
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('tender');
  return (
    <section className="page-message" aria-labelledby="tender-message-title">
      <title>{`${title} · Breeze`}</title>
      <h1 id="tender-message-title">{title}</h1>
      {children}
      <p>
        <Link className="button" to={searchHref()}>
          {t('backToSearch')}
        </Link>
      </p>
    </section>
  );
}

function Row({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="td-list__row">
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function TenderDetail({ tender }: { tender: Tender }) {
  const { t } = useTranslation('tender');
  useRecordView(tender.id);
  const labels = useTenderLabels();
  const navigate = useNavigate();
  const province = tender.contracting_entity_province && labels.province(tender.contracting_entity_province);
  const location = [tender.contracting_entity_city, province].filter(Boolean).join(', ') || null;
  // The source's French texts when the UI is in French and the source has them.
  const local = (en: string | null, fr: string | null) => pickLocalized(en, fr) || null;
  const unspsc = unspscEntries(tender.unspsc, local(tender.unspsc_description, tender.unspsc_description_fr));
  const gsin = [tender.gsin, local(tender.gsin_description, tender.gsin_description_fr)].filter(Boolean).join(' — ');
  const organization = local(tender.contracting_entity_name, tender.contracting_entity_name_fr);
  const procurementType = local(tender.procurement_type, tender.procurement_type_fr);
  const method = local(tender.procurement_method, tender.procurement_method_fr);
  const title = pickLocalized(tender.title, tender.title_fr);
  const description = descriptionText(pickLocalized(tender.description, tender.description_fr));
  const notSpecified = t('notSpecified');

  return (
    <article className="tender-detail" aria-labelledby="tender-title">
      <title>{`${title} · Breeze`}</title>
      <header className="td-header">
        <div className="td-header__nav">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate(searchHref()))}
          >
            <span aria-hidden="true">← </span>
            {t('back')}
          </button>
          <nav aria-label={t('breadcrumb')}>
            <ol className="td-breadcrumb">
              <li>
                <Link to={searchHref()}>{t('search')}</Link>
              </li>
              <li aria-current="page">{title}</li>
            </ol>
          </nav>
        </div>

        <h1 id="tender-title">{title}</h1>
        <div className="td-badges">
          <span className={`td-badge td-badge--${statusTone(tender.status)}`} data-testid="tender-status">
            <span className="visually-hidden">{t('header.status')}: </span>
            {labels.status(tender.status)}
          </span>
          {procurementType && (
            <span className="td-badge td-badge--neutral" data-testid="tender-type">
              <span className="visually-hidden">{t('header.type')}: </span>
              {procurementType}
            </span>
          )}
        </div>
        <p className="td-header__entity" data-testid="tender-entity">
          {organization ?? t('organizationUnknown')}
        </p>
        <dl className="td-header__meta">
          {location && (
            <Row term={t('header.location')} testId="tender-location">
              {location}
            </Row>
          )}
          <Row term={t('header.published')} testId="tender-published">
            {formatTenderDate(tender.published_date)}
          </Row>
          <Row term={t('header.closes')}>
            <span data-testid="tender-closing">{formatTenderDateTime(tender.closing_date)}</span>{' '}
            <CountdownBadge closing={tender.closing_date} />
          </Row>
          {tender.source_reference && (
            <Row term={t('header.reference')} testId="tender-reference">
              {tender.source_reference}
            </Row>
          )}
        </dl>
        <div className="td-header__actions">
          <BookmarkButton tenderId={tender.id} variant="toggle" />
          <ShareButton title={title} />
          {tender.source_url && (
            <a
              className="button button--secondary button--small"
              href={tender.source_url}
              target="_blank"
              rel="noreferrer"
              data-testid="tender-source-link"
            >
              {t('source')}
              <span className="visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          )}
        </div>
      </header>

      <div className="td-layout">
        <div className="td-main">
          <AiSummaryPanel tenderId={tender.id} />

          <section className="td-card" aria-labelledby="td-description">
            <h2 id="td-description">{t('description.title')}</h2>
            {/* Always text: markup from a source is read as text, never rendered (no scripts, no images). */}
            <div className="td-description" data-testid="tender-description">
              {description ? description : <p className="muted">{t('description.none')}</p>}
            </div>
          </section>

          <section className="td-card" aria-labelledby="td-procurement">
            <h2 id="td-procurement">{t('procurement.title')}</h2>
            <dl className="td-list">
              <Row term={t('procurement.method')} testId="tender-method">
                {method ?? notSpecified}
              </Row>
              <Row term={t('procurement.category')} testId="tender-category">
                {labels.categories(tender.category_primary).join(', ')}
              </Row>
              <Row term={t('procurement.gsin')} testId="tender-gsin">
                {gsin || notSpecified}
              </Row>
              <Row term={t('procurement.unspsc')} testId="tender-unspsc">
                {unspsc.length === 0 ? (
                  notSpecified
                ) : (
                  <ul className="td-plain-list">
                    {unspsc.map((u) => (
                      <li key={u}>{u}</li>
                    ))}
                  </ul>
                )}
              </Row>
              <Row term={t('procurement.delivery')} testId="tender-delivery">
                {local(tender.delivery_location, tender.delivery_location_fr) ?? notSpecified}
              </Row>
            </dl>
          </section>

          <AmendmentHistory tender={tender} />
        </div>

        <aside className="td-sidebar" aria-label={t('sidebar.label')}>
          <section className="td-card" aria-labelledby="td-dates">
            <h2 id="td-dates">{t('sidebar.dates')}</h2>
            <dl className="td-list">
              <Row term={t('sidebar.publication')}>{formatTenderDate(tender.published_date)}</Row>
              <Row term={t('sidebar.closing')}>{formatTenderDateTime(tender.closing_date)}</Row>
              <Row term={t('sidebar.expectedStart')} testId="tender-start">
                {formatTenderDate(tender.contract_start_date)}
              </Row>
            </dl>
          </section>

          <section className="td-card" aria-labelledby="td-contact">
            <h2 id="td-contact">{t('sidebar.contact')}</h2>
            <dl className="td-list">
              <Row term={t('sidebar.name')} testId="tender-contact-name">
                {tender.contact_name ?? notSpecified}
              </Row>
              <Row term={t('sidebar.email')} testId="tender-contact-email">
                {tender.contact_email ? (
                  <a href={`mailto:${tender.contact_email}`}>{tender.contact_email}</a>
                ) : (
                  notSpecified
                )}
              </Row>
              <Row term={t('sidebar.phone')} testId="tender-contact-phone">
                {tender.contact_phone ? (
                  <a href={`tel:${tender.contact_phone.replace(/[^\d+]/g, '')}`}>{tender.contact_phone}</a>
                ) : (
                  notSpecified
                )}
              </Row>
            </dl>
          </section>

          <section className="td-card" aria-labelledby="td-entity">
            <h2 id="td-entity">{t('sidebar.entity')}</h2>
            <dl className="td-list">
              <Row term={t('sidebar.organization')} testId="tender-organization">
                {organization ?? notSpecified}
              </Row>
              <Row term={t('sidebar.location')} testId="tender-entity-location">
                {[tender.contracting_entity_city, province, tender.contracting_entity_country]
                  .filter(Boolean)
                  .join(', ') || notSpecified}
              </Row>
            </dl>
          </section>

          <section className="td-card td-actions" aria-labelledby="td-actions">
            <h2 id="td-actions">{t('sidebar.actions')}</h2>
            {tender.source_url && (
              <a className="button button--block" href={tender.source_url} target="_blank" rel="noreferrer">
                {t('sidebar.viewOfficial')}
                <span className="visually-hidden"> {t('opensInNewTab')}</span>
              </a>
            )}
            <BookmarkButton tenderId={tender.id} variant="action" />
          </section>
        </aside>
      </div>
    </article>
  );
}

const COPIED_MS = 3_000;

/** Native share sheet where there is one; otherwise copies the page address and says so. */
function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation('tender');
  const [note, setNote] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [note]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Dismissing the share sheet rejects; nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote('copied');
    } catch {
      setNote('failed');
    }
  };

  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={() => void share()}>
        {t('share.button')}
      </button>
      <span className="td-share-note" role="status" aria-live="polite" data-testid="share-note">
        {note && t(`share.${note}`)}
      </span>
    </>
  );
}
