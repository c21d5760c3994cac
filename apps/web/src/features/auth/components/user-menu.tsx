import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../paths.ts';
import { useSignOut } from '../api/sign-out.ts';
import { useAuth } from '../auth-store.ts';

/** Signed-in header menu (spec §2): company name and industry, account links, Sign Out. */
export function UserMenu() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Sign Out leaves the protected page first and clears the auth state only once '/' is on screen:
  // cleared earlier, the protected page's guard (still shown while '/' loads its code and catalogue)
  // would send the user to /sign-in instead (spec §2: Sign Out returns to /).
  const leaving = useRef(false);
  useEffect(() => {
    if (leaving.current && pathname === paths.home.path) {
      leaving.current = false;
      signOut.mutate();
    }
  }, [pathname, signOut]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!user) return null;
  const { profile } = user;
  const companyName = profile?.company_name || t('userMenu.fallbackName');
  const industry = profile?.industry ? t(`domain.industries.${profile.industry}`) : null;
  const close = () => setOpen(false);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="avatar" aria-hidden="true">
          {companyName.charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__who">
          <span className="user-menu__name">{companyName}</span>
          {industry && <span className="user-menu__industry">{industry}</span>}
        </span>
        <span className="visually-hidden">{t('userMenu.accountMenu')}</span>
      </button>
      {open && (
        <div id={menuId} className="user-menu__panel">
          <ul>
            <li>
              <Link to={paths.profile.href()} onClick={close}>
                {t('userMenu.profile')}
              </Link>
            </li>
            <li>
              <Link to={paths.plans.href()} onClick={close}>
                {t('userMenu.plansBilling')}
              </Link>
            </li>
            <li>
              <Link to={paths.team.href()} onClick={close}>
                {t('userMenu.team')}
              </Link>
            </li>
            <li>
              <Link to={paths.settings.href()} onClick={close}>
                {t('userMenu.settings')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                disabled={signOut.isPending}
                onClick={() => {
                  close();
                  if (pathname === paths.home.path) {
                    signOut.mutate();
                  } else {
                    leaving.current = true;
                    void navigate(paths.home.href());
                  }
                }}
              >
                {t('userMenu.signOut')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
