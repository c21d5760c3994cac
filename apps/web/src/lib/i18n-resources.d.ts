// Type-checked translation keys: every namespace's English catalogue is the source of truth.
// Add a line here when you add a namespace (src/locales/en/<ns>.json and src/locales/fr/<ns>.json).
import type common from '../locales/en/common.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
    };
  }
}
