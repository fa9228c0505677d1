import { describe, expect, it } from 'vitest';
import {
  chooseCorrections,
  editDistance,
  exactQuery,
  highlight,
  matchQuery,
  parseQuery,
  prefixQuery,
  textTiers,
} from './search-text';

describe('search query', () => {
  it('reads normalised words and the whole query as a code', () => {
    expect(parseQuery('  Galaxy S21+ ')).toEqual({ words: ['galaxy', 's21'], codes: ['galaxys21+'] });
    expect(parseQuery('MLPF3ZD/A').codes).toEqual(['mlpf3zd/a']);
  });

  it('reads an IMEI as its TAC too', () => {
    expect(parseQuery('356938035643809').codes).toEqual(['356938035643809', '35693803']);
  });

  it('corrects a word only when no catalogue word starts with it', () => {
    expect(chooseCorrections('galaxi', ['galaxy', 'galaxa'])).toEqual(['galaxy', 'galaxa']);
    expect(chooseCorrections('samsun', ['samsung'])).toEqual([]);
    expect(chooseCorrections('iphone', ['iphone', 'iphones'])).toEqual([]);
  });

  it('corrects within the typos the word’s length allows', () => {
    expect(chooseCorrections('iphnoe', ['iphone', 'fairphone'])).toEqual(['iphone']);
    expect(chooseCorrections('fairphone', ['iphone'])).toEqual([]);
    expect(chooseCorrections('samsugn', ['samsung'])).toEqual(['samsung']);
    expect(chooseCorrections('smasugn', ['samsung'])).toEqual(['samsung']);
    expect(chooseCorrections('pixle', ['pixel', 'pile'])).toEqual(['pixel', 'pile']);
  });

  it('counts edits, a swap of neighbours being one', () => {
    expect(editDistance('iphnoe', 'iphone')).toBe(1);
    expect(editDistance('galaxi', 'galaxy')).toBe(1);
    expect(editDistance('fairphone', 'iphone')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  const word = (exact: boolean, extended: boolean, corrections: string[] = []) => ({
    exact,
    extended,
    corrections,
  });

  it('builds the tsqueries: every word, as a prefix or a correction', () => {
    expect(
      matchQuery(['iphnoe', '13'], { iphnoe: word(false, true, ['iphone']), 13: word(true, true) }),
    ).toBe('(iphnoe:* | iphone) & 13:*');
    expect(
      matchQuery(['iphnoe', '13'], { iphnoe: word(false, false, ['iphone']), 13: word(true, false) }),
    ).toBe('iphone & 13');
    expect(matchQuery(['zzzz', '13'], { zzzz: word(false, false), 13: word(true, true) })).toBeNull();
    expect(exactQuery(['iphone', '13'])).toBe('iphone & 13');
    expect(prefixQuery(['iph', '13'])).toBe('iph:* & 13:*');
    expect(prefixQuery(['iph', '13'], { iph: word(false, true), 13: word(true, false) })).toBe('iph:* & 13');
    expect(prefixQuery(['iph', 'zz'], { iph: word(false, true), zz: word(false, false) })).toBeNull();
  });

  it('leaves out the tiers the catalogue words rule out or make the same', () => {
    expect(textTiers(['iphone', '13'], { iphone: word(true, true), 13: word(true, false) })).toEqual({
      exact: 'iphone & 13',
      prefix: 'iphone:* & 13',
      match: 'iphone:* & 13',
    });
    // no word begins a longer one: the prefix tier finds what the exact tier finds
    expect(textTiers(['ecran'], { ecran: word(true, false) })).toEqual({
      exact: 'ecran',
      prefix: 'ecran',
      match: 'ecran',
    });
    expect(textTiers(['iph', '13'], { iph: word(false, true), 13: word(true, true) })).toEqual({
      exact: null,
      prefix: 'iph:* & 13:*',
      match: 'iph:* & 13:*',
    });
    expect(
      textTiers(['iphnoe', '13'], { iphnoe: word(false, false, ['iphone']), 13: word(true, true) }),
    ).toEqual({ exact: null, prefix: null, match: 'iphone & 13:*' });
    expect(textTiers(['zzzz'], { zzzz: word(false, false) })).toEqual({
      exact: null,
      prefix: null,
      match: null,
    });
  });
});

describe('search highlight', () => {
  it('marks the matched beginnings of words, whatever the case and accents', () => {
    const h = highlight('Protection Écran iPhone 13', ['ecran', 'iph']);
    expect(h.name).toBe('Protection <mark>Écran</mark> <mark>iPh</mark>one 13');
    expect(h.nameRanges).toEqual([
      { start: 11, end: 16 },
      { start: 17, end: 20 },
    ]);
  });

  it('escapes the name, so the highlight is safe HTML', () => {
    expect(highlight('<b>Pixel</b> & co', ['pixel']).name).toBe(
      '&lt;b&gt;<mark>Pixel</mark>&lt;/b&gt; &amp; co',
    );
  });

  it('keeps offsets right around decomposed accents', () => {
    const name = 'Cafe\u0301 cre\u0300me';
    const h = highlight(name, ['creme']);
    expect(name.slice(h.nameRanges[0]?.start, h.nameRanges[0]?.end)).toBe('cre\u0300me');
  });
});
