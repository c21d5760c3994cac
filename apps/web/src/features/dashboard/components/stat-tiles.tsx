import type { Dashboard } from '@app/shared/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';

interface Tile {
  key: string;
  label: string;
  value: number;
  hint: string;
  /** Where the figure's tenders are; none for the new tenders (they are the Recommended tab). */
  href?: string;
}

function TileContent({ tile }: { tile: Tile }) {
  return (
    <>
      <span className="dash-tile__label">{tile.label}</span>
      <span className="dash-tile__value" data-testid="tile-value">
        {formatCount(tile.value)}
      </span>
      {tile.hint && <span className="dash-tile__hint">{tile.hint}</span>}
    </>
  );
}

/** The four stat tiles (spec §2), computed by the server for the caller. */
export function StatTiles({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const tiles: Tile[] = [
    {
      key: 'new',
      label: t('stats.newTenders'),
      value: data.newThisWeek,
      hint: data.profileComplete ? t('stats.newTendersHint') : t('stats.newTendersIncomplete'),
      ...(data.profileComplete ? {} : { href: paths.profile.href() }),
    },
    {
      key: 'saved',
      label: t('stats.saved'),
      value: data.saved,
      hint: t('stats.savedHint'),
      href: paths.bookmarks.href(),
    },
    {
      key: 'alerts',
      label: t('stats.activeAlerts'),
      value: data.activeAlerts,
      hint: t('stats.alertsHint'),
      href: paths.alerts.href(),
    },
    {
      key: 'deadlines',
      label: t('stats.deadlines'),
      value: data.deadlinesThisWeek,
      hint: t('stats.deadlinesHint'),
      href: paths.calendar.href(),
    },
  ];
  return (
    <ul className="dash-tiles">
      {tiles.map((tile) => (
        <li key={tile.key} className="dash-tile" data-testid={`tile-${tile.key}`}>
          {tile.href ? (
            <Link to={tile.href} className="dash-tile__link">
              <TileContent tile={tile} />
            </Link>
          ) : (
            <div className="dash-tile__link">
              <TileContent tile={tile} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
