import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const dir = import.meta.dirname;
const read = (lng: string, file: string) => JSON.parse(readFileSync(join(dir, lng, file), 'utf8')) as unknown;

/** "a.b.c" for every leaf, with its value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  const enFiles = readdirSync(join(dir, 'en')).sort();

  test('English and French have the same namespaces', () => {
    expect(readdirSync(join(dir, 'fr')).sort()).toEqual(enFiles);
  });

  for (const file of enFiles) {
    test(`${file}: every key in both languages, non-empty, same placeholders`, () => {
      const en = leaves(read('en', file));
      const fr = leaves(read('fr', file));
      // Plural forms differ by language (French has _many): compare the keys without them.
      const base = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.replace(PLURAL, '')))].sort();
      expect(base(fr.keys())).toEqual(base(en.keys()));
      for (const [key, text] of en) {
        if (!fr.has(key)) continue; // a plural form French spells differently
        expect(typeof text, `en ${key}`).toBe('string');
        expect(String(text).trim(), `en ${key}`).not.toBe('');
        expect(String(fr.get(key)).trim(), `fr ${key}`).not.toBe('');
        expect(placeholders(fr.get(key)), `fr ${key}`).toEqual(placeholders(text));
      }
    });
  }
});
