import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../lib/i18n.ts';

/** Switches English ⇄ French and remembers the choice (issue 4); shown in the header and the footer. */
export function LanguageSwitch({ className = 'language-switch' }: { className?: string }) {
  const { t } = useTranslation();
  const next = currentLanguage() === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      className={className}
      lang={next === 'fr' ? 'fr-CA' : 'en-CA'}
      aria-label={t('language.switchToLabel')}
      onClick={() => void setLanguage(next)}
    >
      {t('language.switchTo')}
    </button>
  );
}
