import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bestValue, findAmounts } from './money-context.ts';
import { findRequirements } from './requirements.ts';
import { splitSentences } from './sentences.ts';

const valueOf = (text: string) => bestValue(findAmounts(text, splitSentences(text)));
const kindsOf = (text: string, tradeInRecord = true) =>
  findRequirements(splitSentences(text), { tradeAgreementsInRecord: tradeInRecord }).map((r) => r.kind);

describe('splitSentences', () => {
  test('keeps abbreviations, initials and list numbers inside sentences', () => {
    const text =
      'Work is for Systems Inc. in Ottawa, e.g. Building No. 5. J. Smith will attend.\n1. Bidders must register.\nOBJECTIVE\nCanada is seeking offers.';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'Work is for Systems Inc. in Ottawa, e.g. Building No. 5.',
      'J. Smith will attend.',
      'Bidders must register.',
      'OBJECTIVE',
      'Canada is seeking offers.',
    ]);
  });

  test('joins hard-wrapped lines and splits French sentences', () => {
    const text =
      'Canada Border Services Agency seeks contractors able to provide informatics professional services on an\nas and when requested basis. Le Ministère a besoin de services. M. Tremblay répondra.';
    expect(splitSentences(text).map((s) => s.text.replace(/\s+/g, ' '))).toEqual([
      'Canada Border Services Agency seeks contractors able to provide informatics professional services on an as and when requested basis.',
      'Le Ministère a besoin de services.',
      'M. Tremblay répondra.',
    ]);
  });

  test('every sentence is the text at its offsets (any input)', () => {
    fc.assert(
      fc.property(
        fc.string({
          maxLength: 400,
          unit: fc.constantFrom('a', 'B', ' ', '.', '\n', '\r\n', '?', '\t', '1', 'é', 'X', ':', '•'),
        }),
        (text) => {
          for (const s of splitSentences(text)) {
            expect(text.slice(s.start, s.end)).toBe(s.text);
            expect(s.text.trim()).toBe(s.text);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('money in context', () => {
  test.each([
    ['The estimated value of the contract is $1,250,000.00.', 1_250_000, 'estimated'],
    ['The total contract value shall not exceed $500K, taxes extra.', 500_000, 'estimated'],
    ['Funding of up to $75,000 is available.', 75_000, 'maximum'],
    ['The budget for this work is $2.5 million.', 2_500_000, 'budget'],
    ['La valeur estimée du contrat est de 150 000 $.', 150_000, 'estimated'],
    ['The maximum funding available is CAD 40,000.', 40_000, 'maximum'],
  ])('%s', (text, amount, kind) => {
    expect(valueOf(text)).toMatchObject({ amount, kind });
  });

  test.each([
    'The Contractor must carry commercial general liability insurance of $2,000,000 per occurrence.',
    'A bid bond of $50,000 is required.',
    'The estimated level of effort is 260 hours.',
    'The fee is $25.',
    'Call 613-555-0100 before 2025.',
    'A $1,000,000 claim limit applies to damages.',
  ])('no contract value in: %s', (text) => {
    expect(valueOf(text)).toBeUndefined();
  });
});

describe('requirements', () => {
  test('recognises the usual kinds', () => {
    const text = [
      'Personnel must hold a valid Secret clearance.',
      'The Contractor must carry commercial general liability insurance.',
      'A bid bond of 10% is required.',
      'A mandatory site visit will be held on January 8.',
      'The supplier must be ISO 9001 certified.',
      'This procurement is set aside under the Procurement Strategy for Indigenous Business.',
      'Resources must be bilingual (English and French).',
      'The successful bidder shall deliver within 30 days.',
    ].join(' ');
    expect(kindsOf(text)).toEqual([
      'security',
      'insurance',
      'bonding',
      'site_visit',
      'certification',
      'set_aside',
      'bilingual',
      'mandatory',
    ]);
  });

  test('ignores boilerplate and negations', () => {
    const text = [
      'Documents may be submitted in either official language of Canada.',
      'Canada retains the right to negotiate with suppliers on any procurement.',
      'There is no security requirement associated with this requirement.',
      'Services are required on an as and when requested basis.',
      'A profile in the IBD can allow you to compete for contracts that are set-aside for Indigenous businesses.',
    ].join(' ');
    expect(kindsOf(text)).toEqual([]);
  });

  test('trade agreements come from the text only when the record has none', () => {
    const text = 'This procurement is subject to the Canadian Free Trade Agreement (CFTA).';
    expect(kindsOf(text, false)).toEqual(['trade_agreement']);
    expect(kindsOf(text, true)).toEqual([]);
  });
});

// Bugs the independent hold-out set exposed (eval/holdout/, bench/README.md): fixed generally,
// tested on sentences written here, not on the hold-out's own text.
describe('found with the hold-out set', () => {
  test('an amount in US dollars keeps its currency and is never shown as Canadian dollars', () => {
    for (const text of [
      'The estimated contract value is USD $95,000.',
      'The estimated value is US$95,000.',
      'La valeur estimée est de 95 000 $ US.',
    ]) {
      expect(valueOf(text), text).toMatchObject({ amount: 95_000, currency: 'USD' });
    }
    expect(valueOf('The estimated value is $95,000 (taxes extra).')).toMatchObject({ amount: 95_000, currency: 'CAD' });
  });

  test('a sentence that only says what is not required names no requirement', () => {
    const cases: Array<[string, string[]]> = [
      ['Suppliers are not required to provide references with their bid.', []],
      ['Registration to ISO 14001 is not required.', []],
      ['A bidders’ conference will not be held.', []],
      ['No site visit is scheduled; a site tour is not scheduled either.', []],
      ['No security clearance is required for this work.', []],
      ['Security requirement: none.', []],
      [
        'Ce marché n’est pas réservé aux entreprises autochtones en vertu de la Stratégie d’approvisionnement auprès des entreprises autochtones.',
        [],
      ],
      // Not mandatory, but a visit takes place: listed as a site visit (not a "heavy" one).
      ['La visite des lieux n’est pas obligatoire.', ['site_visit']],
    ];
    for (const [text, kinds] of cases) expect(kindsOf(text), text).toEqual(kinds);
  });

  test('a negated clause does not hide an obligation in the same sentence; an optional site visit is still a site visit', () => {
    expect(
      kindsOf('Bidders are not required to be local; however, the crew must be on site within four hours.'),
    ).toEqual(['mandatory']);
    expect(kindsOf('A site visit is recommended but not mandatory.')).toEqual(['site_visit']);
    expect(kindsOf('A mandatory site visit will be held on May 4.')).toEqual(['site_visit']);
  });
});
