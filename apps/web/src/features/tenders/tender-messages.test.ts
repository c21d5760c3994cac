import { TENDER_MESSAGES } from '@app/shared/tender';
import { describe, expect, test } from 'vitest';
import en from '../../locales/en/tender.json';

describe('tender detail messages (spec §8)', () => {
  test('the English catalogue says them word for word', () => {
    expect(en.noIdText).toBe(TENDER_MESSAGES.noId);
    expect(en.errorText).toBe(TENDER_MESSAGES.loadFailed);
    expect(en.unexpectedError).toBe(TENDER_MESSAGES.unexpected);
    expect(en.errorTitle).toBe('Error Loading Tender');
    expect(en.notFoundTitle).toBe('Tender Not Found');
    expect(en.loading).toBe('Loading tender details...');
  });
});
