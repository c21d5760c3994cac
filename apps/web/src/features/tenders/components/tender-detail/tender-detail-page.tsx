import type { Tender } from '@app/shared/tender';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../../components/ui/page-loader.tsx';
import { paths } from '../../../../paths.ts';
import { tenderDetailQuery } from '../../api/get-tender-detail.ts';
import { AiSummaryPanel } from './ai-summary-panel.tsx';
import { AmendmentHistory } from './amendment-history.tsx';
import {
  closingCountdown,
  decodeCategory,
  formatTenderDate,
  formatTenderDateTime,
  statusLabel,
  statusTone,
  unspscEntries,
} from './tender-format.ts';
import './tender-detail.css';

// The spec's breadcrumb and back button lead to /search, which is not built yet: they go to the
// first page (`/`), which holds the search for now.
const searchHref = () => paths.home.href();

export function TenderDetailPage({ tenderId }: { tenderId: string }) {
  const { data: tender, isPending, isError } = useQuery(tenderDetailQuery(tenderId));

  if (isPending) return <PageLoader label="Loading tender details..." />;
  if (isError) {
    return (
      <Message title="Error Loading Tender">
        <p>Failed to load tender details. Please try again.</p>
      </Message>
    );
  }
  if (!tender) {
    return (
      <Message title="Tender Not Found">
        <p>The requested tender could not be found.</p>
      </Message>
    );
  }
  return <TenderDetail tender={tender} />;
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page-message" aria-labelledby="tender-message-title">
      <h1 id="tender-message-title">{title}</h1>
      {children}
      <p>
        <Link className="button" to={searchHref()}>
          Back to Search
        </Link>
      </p>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="td-list__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const place = (t: Tender) =>
  [t.contracting_entity_city, t.contracting_entity_province].filter(Boolean).join(', ') || null;

function TenderDetail({ tender }: { tender: Tender }) {
  const navigate = useNavigate();
  const countdown = closingCountdown(tender.closing_date);
  const location = place(tender);
  const unspsc = unspscEntries(tender.unspsc, tender.unspsc_description);
  const gsin = [tender.gsin, tender.gsin_description].filter(Boolean).join(' — ');

  return (
    <article className="tender-detail" aria-labelledby="tender-title">
      <header className="td-header">
        <div className="td-header__nav">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate(searchHref()))}
          >
            ← Back
          </button>
          <nav aria-label="Breadcrumb">
            <ol className="td-breadcrumb">
              <li>
                <Link to={searchHref()}>Search</Link>
              </li>
              <li aria-current="page">{tender.title}</li>
            </ol>
          </nav>
        </div>

        <h1 id="tender-title">{tender.title}</h1>
        <div className="td-badges">
          <span className={`td-badge td-badge--${statusTone(tender.status)}`} data-testid="tender-status">
            {statusLabel(tender.status)}
          </span>
          {tender.procurement_type && (
            <span className="td-badge td-badge--neutral" data-testid="tender-type">
              {tender.procurement_type}
            </span>
          )}
        </div>
        <p className="td-header__entity">{tender.contracting_entity_name ?? 'Organization not specified'}</p>
        <dl className="td-header__meta">
          {location && <Row term="Location">{location}</Row>}
          <Row term="Published">{formatTenderDate(tender.published_date)}</Row>
          <Row term="Closes">
            {formatTenderDateTime(tender.closing_date)}{' '}
            {countdown && (
              <span
                className={`td-badge ${countdown.closed ? 'td-badge--red' : countdown.urgent ? 'td-badge--urgent' : 'td-badge--neutral'}`}
                data-testid="closing-countdown"
              >
                {countdown.label}
              </span>
            )}
          </Row>
          {tender.source_reference && <Row term="Reference">{tender.source_reference}</Row>}
        </dl>
        <div className="td-header__actions">
          <ShareButton title={tender.title} />
          {tender.source_url && (
            <a
              className="button button--secondary button--small"
              href={tender.source_url}
              target="_blank"
              rel="noreferrer"
            >
              View source<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </header>

      <div className="td-layout">
        <div className="td-main">
          <AiSummaryPanel tenderId={tender.id} />

          <section className="td-card" aria-labelledby="td-description">
            <h2 id="td-description">Description</h2>
            <div className="td-description" data-testid="tender-description">
              {tender.description?.trim() ? tender.description : <p className="muted">No description provided</p>}
            </div>
          </section>

          <section className="td-card" aria-labelledby="td-procurement">
            <h2 id="td-procurement">Procurement Details</h2>
            <dl className="td-list">
              <Row term="Procurement method">{tender.procurement_method ?? 'Not specified'}</Row>
              <Row term="Category">{decodeCategory(tender.category_primary)}</Row>
              <Row term="GSIN">{gsin || 'Not specified'}</Row>
              <Row term="UNSPSC">
                {unspsc.length === 0 ? (
                  'Not specified'
                ) : (
                  <ul className="td-plain-list">
                    {unspsc.map((u) => (
                      <li key={u}>{u}</li>
                    ))}
                  </ul>
                )}
              </Row>
              <Row term="Delivery location">{tender.delivery_location ?? 'Not specified'}</Row>
            </dl>
          </section>

          <AmendmentHistory tenderId={tender.id} amendmentNumber={tender.amendment_number} />
        </div>

        <aside className="td-sidebar" aria-label="Tender facts">
          <section className="td-card" aria-labelledby="td-dates">
            <h2 id="td-dates">Important Dates</h2>
            <dl className="td-list">
              <Row term="Publication">{formatTenderDate(tender.published_date)}</Row>
              <Row term="Closing">{formatTenderDateTime(tender.closing_date)}</Row>
              <Row term="Expected start">{formatTenderDate(tender.contract_start_date)}</Row>
            </dl>
          </section>

          <section className="td-card" aria-labelledby="td-contact">
            <h2 id="td-contact">Contact</h2>
            <dl className="td-list">
              <Row term="Name">{tender.contact_name ?? 'Not specified'}</Row>
              <Row term="Email">
                {tender.contact_email ? (
                  <a href={`mailto:${tender.contact_email}`}>{tender.contact_email}</a>
                ) : (
                  'Not specified'
                )}
              </Row>
              <Row term="Phone">
                {tender.contact_phone ? (
                  <a href={`tel:${tender.contact_phone.replace(/[^\d+]/g, '')}`}>{tender.contact_phone}</a>
                ) : (
                  'Not specified'
                )}
              </Row>
            </dl>
          </section>

          <section className="td-card" aria-labelledby="td-entity">
            <h2 id="td-entity">Contracting Entity</h2>
            <dl className="td-list">
              <Row term="Organization">{tender.contracting_entity_name ?? 'Not specified'}</Row>
              <Row term="Location">
                {[tender.contracting_entity_city, tender.contracting_entity_province, tender.contracting_entity_country]
                  .filter(Boolean)
                  .join(', ') || 'Not specified'}
              </Row>
            </dl>
          </section>

          {tender.source_url && (
            <a className="button button--block" href={tender.source_url} target="_blank" rel="noreferrer">
              View Official Notice<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          {/* Spec §2 also has 'Bookmark Tender' here; the bookmarks API does not exist yet, so no button. */}
        </aside>
      </div>
    </article>
  );
}

const COPIED_MS = 3_000;

/** Native share sheet where there is one; otherwise copies the page address. */
function ShareButton({ title }: { title: string }) {
  const [note, setNote] = useState<string | null>(null);

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
      setNote('Link copied');
    } catch {
      setNote('Could not copy the link');
    }
  };

  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={() => void share()}>
        Share
      </button>
      <span className="td-share-note" role="status" aria-live="polite">
        {note}
      </span>
    </>
  );
}
