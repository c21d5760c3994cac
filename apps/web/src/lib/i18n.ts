import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import frCommon from '../locales/fr/common.json';

/** The two languages of Breeze (issue 4): English is the spec's wording, French a full catalogue. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Local-storage key of the visitor's choice, kept across visits. */
export const LANGUAGE_STORAGE_KEY = 'breeze-language';

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'fr';

/** The stored choice, else the browser's preference, else English. */
export function detectLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage blocked (private mode, sandboxed frame): fall through to the browser's preference.
  }
  const preferred = globalThis.navigator?.language?.toLowerCase() ?? '';
  return preferred.startsWith('fr') ? 'fr' : 'en';
}

// One chunk per screen catalogue; `common` is bundled above.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
]);

/**
 * i18next with `common` (header, footer, formats, shared words) bundled in both languages, and every
 * other namespace (one per screen area, `src/locales/{lng}/{ns}.json`) fetched with the route that needs it.
 */
export const i18n: I18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend((language: string, namespace: string) =>
      namespace === 'common'
        ? Promise.resolve(language === 'fr' ? frCommon : enCommon)
        : (catalogues[`../locales/${language}/${namespace}.json`]?.().then((m) => m.default) ??
          Promise.reject(new Error(`no catalogue ${language}/${namespace}`))),
    ),
  )
  .init({
    lng: detectLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common: enCommon }, fr: { common: frCommon } },
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
  });

function applyDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'fr' ? 'fr-CA' : 'en-CA';
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** The current language, narrowed. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/** The Canadian locale for Intl formats: en-CA or fr-CA. */
export function currentLocale(): 'en-CA' | 'fr-CA' {
  return currentLanguage() === 'fr' ? 'fr-CA' : 'en-CA';
}

/** Switch language and remember it. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, still switched.
  }
  await i18n.changeLanguage(language);
}

/**
 * The text in the chosen language when the source has it (CanadaBuys publishes English and French),
 * else whichever exists.
 */
export function pickLocalized(english: string | null | undefined, french: string | null | undefined): string {
  const en = english?.trim() ?? '';
  const fr = french?.trim() ?? '';
  if (currentLanguage() === 'fr') return fr || en;
  return en || fr;
}
