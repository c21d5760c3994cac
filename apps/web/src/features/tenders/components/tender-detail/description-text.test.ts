import { describe, expect, test } from 'vitest';
import { descriptionText } from './description-text.ts';

describe('descriptionText', () => {
  test('plain text is kept as it is', () => {
    expect(descriptionText('  Supply of 3 < 5 chairs & desks\n\nNext line ')).toBe(
      'Supply of 3 < 5 chairs & desks\n\nNext line',
    );
    expect(descriptionText(null)).toBe('');
  });

  test('hostile markup becomes inert text', () => {
    expect(
      descriptionText('Intro <img src=x onerror="alert(1)"> middle <b>bold</b><script>alert(2)</script> end'),
    ).toBe('Intro  middle bold end');
    expect(descriptionText('<svg onload=alert(1)>x</svg><style>p{}</style><!-- c -->y')).toBe('xy');
    expect(descriptionText('a<script>never closed')).toBe('a');
  });

  test('paragraphs, breaks and entities', () => {
    expect(descriptionText('<p>One</p><p>Two<br>Three</p>')).toBe('One\nTwo\nThree');
    expect(descriptionText('Canada&rsquo;s &amp; Qu&eacute;bec &#233; &#x2014; &bogus;')).toBe(
      'Canada’s & Québec é — &bogus;',
    );
    // An encoded tag is shown as text, never turned back into markup.
    expect(descriptionText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });
});
