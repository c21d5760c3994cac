// Type-checked translation keys: every namespace's English catalogue is the source of truth.
// Add a line here when you add a namespace (src/locales/en/<ns>.json and src/locales/fr/<ns>.json).
import type common from '../locales/en/common.json';
import type auth from '../locales/en/auth.json';
import type onboarding from '../locales/en/onboarding.json';
import type profile from '../locales/en/profile.json';
import type settings from '../locales/en/settings.json';
import type notifications from '../locales/en/notifications.json';
import type landing from '../locales/en/landing.json';
import type about from '../locales/en/about.json';
import type contact from '../locales/en/contact.json';
import type content from '../locales/en/content.json';
import type notFound from '../locales/en/notFound.json';
import type bookmarks from '../locales/en/bookmarks.json';
import type chat from '../locales/en/chat.json';
import type calendar from '../locales/en/calendar.json';
import type search from '../locales/en/search.json';
import type table from '../locales/en/table.json';
import type tender from '../locales/en/tender.json';
import type billing from '../locales/en/billing.json';
import type rfp from '../locales/en/rfp.json';
import type dashboard from '../locales/en/dashboard.json';
import type team from '../locales/en/team.json';
import type alerts from '../locales/en/alerts.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      onboarding: typeof onboarding;
      profile: typeof profile;
      settings: typeof settings;
      notifications: typeof notifications;
      landing: typeof landing;
      about: typeof about;
      contact: typeof contact;
      content: typeof content;
      notFound: typeof notFound;
      bookmarks: typeof bookmarks;
      chat: typeof chat;
      calendar: typeof calendar;
      search: typeof search;
      table: typeof table;
      tender: typeof tender;
      billing: typeof billing;
      rfp: typeof rfp;
      dashboard: typeof dashboard;
      team: typeof team;
      alerts: typeof alerts;
    };
  }
}
