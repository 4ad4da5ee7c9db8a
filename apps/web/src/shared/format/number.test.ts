import { describe, expect, it } from 'vitest';
import {
  cleanDecimalInput,
  compareDecimals,
  decimalText,
  divideScaled,
  exceedsDecimals,
  floorDecimal,
  formatCompact,
  formatDecimal,
  formatPercent,
  isPositiveDecimal,
  isZeroDecimal,
  multiplyDecimals,
  multiplyScaled,
  numberFormat,
  parseDecimal,
  rescaleScaled,
  shiftDecimal,
  sortDecimals,
  subtractDecimals,
  truncateDecimal,
  wireDecimal,
} from './number';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('truncateDecimal', () => {
  it('floors to 2 places by default', () => {
    expect(truncateDecimal('1.239')).toBe('1.23');
    expect(truncateDecimal('1.2')).toBe('1.20');
    expect(truncateDecimal('7')).toBe('7.00');
  });

  it('truncates toward zero for negatives and drops a negative zero', () => {
    expect(truncateDecimal('-1.239')).toBe('-1.23');
    expect(truncateDecimal('-0.001')).toBe('0.00');
  });

  it('keeps precision beyond floats', () => {
    expect(truncateDecimal('123456789012345678.987654321', 6)).toBe('123456789012345678.987654');
  });

  it('supports 0 places and leaves non-numbers alone', () => {
    expect(truncateDecimal('9.99', 0)).toBe('9');
    expect(truncateDecimal('abc')).toBe('abc');
  });
});

describe('parseDecimal and decimalText', () => {
  it('read plain and half-typed decimals', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseDecimal('1.')).toEqual({ units: 1n, scale: 0 });
    expect(parseDecimal('-0.25')).toEqual({ units: -25n, scale: 2 });
    expect(parseDecimal('12')).toEqual({ units: 12n, scale: 0 });
    expect(parseDecimal(' 0.000001 ')).toEqual({ units: 1n, scale: 6 });
  });

  it('refuse anything else', () => {
    for (const bad of ['', '.', '-', '1e3', 'abc', '1.2.3', '1,5', '+1', 'Infinity', 'NaN']) {
      expect(parseDecimal(bad), bad).toBeNull();
    }
  });

  it('keep digits far beyond a float', () => {
    const text = '123456789012345678.123456789';
    expect(decimalText(parseDecimal(text) ?? { units: 0n, scale: 0 })).toBe(text);
  });

  it('write without trailing zeros and without a negative zero', () => {
    expect(decimalText({ units: 1250n, scale: 2 })).toBe('12.5');
    expect(decimalText({ units: 5n, scale: 3 })).toBe('0.005');
    expect(decimalText({ units: -25n, scale: 2 })).toBe('-0.25');
    expect(decimalText({ units: 0n, scale: 4 })).toBe('0');
    expect(decimalText({ units: 300n, scale: 2 })).toBe('3');
    expect(decimalText({ units: 5n, scale: 6 })).toBe('0.000005');
    expect(decimalText({ units: 42n, scale: 0 })).toBe('42');
  });
});

describe('decimal arithmetic', () => {
  it('multiplies exactly, beyond what floats hold', () => {
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimals('123456789.123456789', '1000')).toBe('123456789123.456789');
    expect(multiplyDecimals('1.5', '-2')).toBe('-3');
    expect(multiplyDecimals('x', '2')).toBeNull();
  });

  it('subtracts exactly', () => {
    expect(subtractDecimals('1', '0.001')).toBe('0.999');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('1', '1.5')).toBe('-0.5');
    expect(subtractDecimals('1', '')).toBeNull();
  });

  it('shifts the point (a rate as a percent)', () => {
    expect(shiftDecimal('0.001', 2)).toBe('0.1');
    expect(shiftDecimal('0.0005', 2)).toBe('0.05');
    expect(shiftDecimal('1.5', 3)).toBe('1500');
    expect(shiftDecimal('0', 2)).toBe('0');
    expect(shiftDecimal('-', 2)).toBeNull();
  });

  it('compares by value', () => {
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('0.30000000000000001', '0.3')).toBe(1);
    expect(compareDecimals('-2', '1')).toBe(-1);
    expect(compareDecimals('1.49', '1.5')).toBe(-1);
    expect(compareDecimals('2', '1.999999')).toBe(1);
    expect(compareDecimals('a', '1')).toBeNull();
  });

  it('tells positive and zero amounts', () => {
    expect(isPositiveDecimal('0.0001')).toBe(true);
    expect(isPositiveDecimal('0')).toBe(false);
    expect(isPositiveDecimal('0.000')).toBe(false);
    expect(isPositiveDecimal('-1')).toBe(false);
    expect(isPositiveDecimal('')).toBe(false);
    expect(isZeroDecimal('0.000')).toBe(true);
    expect(isZeroDecimal('0.001')).toBe(false);
    expect(isZeroDecimal('')).toBe(false);
  });

  it('tells digits beyond a number of decimals', () => {
    expect(exceedsDecimals('1.23', 2)).toBe(false);
    expect(exceedsDecimals('1.230000', 2)).toBe(false);
    expect(exceedsDecimals('1.235', 2)).toBe(true);
    expect(exceedsDecimals('0.001', 2)).toBe(true);
    expect(exceedsDecimals('7', 0)).toBe(false);
    expect(exceedsDecimals('7.5', 0)).toBe(true);
    expect(exceedsDecimals('x', 2)).toBe(false);
  });
});

describe('cleanDecimalInput and wireDecimal', () => {
  it('keeps digits and one point, cutting extra decimals', () => {
    expect(cleanDecimalInput(' 1,234.5678 ', 2)).toBe('1234.56');
    expect(cleanDecimalInput('.5', 8)).toBe('0.5');
    expect(cleanDecimalInput('1.', 8)).toBe('1.');
    expect(cleanDecimalInput('007', 8)).toBe('7');
    expect(cleanDecimalInput('-1e5', 8)).toBe('15');
    expect(cleanDecimalInput('1.2.3', 8)).toBe('1.23');
    expect(cleanDecimalInput('9.9', 0)).toBe('9');
    expect(cleanDecimalInput('', 4)).toBe('');
  });

  it('takes price and quantity boxes as spec 1 §5 wants them', () => {
    // At most 4 price decimals, extra digits cut.
    expect(cleanDecimalInput('12.34567', 4)).toBe('12.3456');
    expect(cleanDecimalInput('12.3', 4)).toBe('12.3');
    // No exponent, minus, plus or other characters.
    expect(cleanDecimalInput('+2.5', 4)).toBe('2.5');
    expect(cleanDecimalInput('1,000.5', 4)).toBe('1000.5');
    expect(cleanDecimalInput(' 3 ', 4)).toBe('3');
    // No superfluous leading zeros.
    expect(cleanDecimalInput('00.5', 4)).toBe('0.5');
    expect(cleanDecimalInput('0', 4)).toBe('0');
  });

  it('sends typed amounts in their plain form', () => {
    expect(wireDecimal('1.')).toBe('1');
    expect(wireDecimal('0.50')).toBe('0.5');
    expect(wireDecimal('.5')).toBe('0.5');
    expect(wireDecimal('65000')).toBe('65000');
    expect(wireDecimal(' x ')).toBe('x');
  });
});

describe('formatDecimal', () => {
  const en = (value: string, decimals: number) => formatDecimal(value, { decimals, lang: 'en' });

  it('groups thousands with the separators of each language', () => {
    expect(en('65000', 2)).toBe('65,000.00');
    for (const lang of ['zh', 'hk', 'jp'] as const) {
      expect(formatDecimal('65000', { decimals: 2, lang })).toBe('65,000.00');
    }
    expect(formatDecimal('65000', { decimals: 2, lang: 'vi' })).toBe('65.000,00');
    expect(formatDecimal('65000', { decimals: 2, lang: 'du' })).toBe('65.000,00');
    expect(formatDecimal('65000', { decimals: 2, lang: 'fr' })).toBe(`65${NNBSP}000,00`);
    expect(formatDecimal('1234567.891', { decimals: 2, lang: 'fr' })).toBe(
      `1${NNBSP}234${NNBSP}567,89`,
    );
  });

  it('floors extra decimals toward zero instead of rounding', () => {
    expect(en('1.999', 2)).toBe('1.99');
    expect(en('2.999999999', 4)).toBe('2.9999');
    expect(en('-1.999', 2)).toBe('-1.99');
    expect(en('0.00000001', 2)).toBe('0.00');
    expect(en('9.99', 0)).toBe('9');
  });

  it('pads fewer decimals with zeros', () => {
    expect(en('7', 2)).toBe('7.00');
    expect(en('64250.5', 4)).toBe('64,250.5000');
    expect(en('0.00000001', 8)).toBe('0.00000001');
  });

  it('handles zero, negatives and a negative zero', () => {
    expect(en('0', 2)).toBe('0.00');
    expect(en('0', 0)).toBe('0');
    expect(en('-0', 2)).toBe('0.00');
    expect(en('-0.001', 2)).toBe('0.00');
    expect(en('-1234', 0)).toBe('-1,234');
    expect(formatDecimal('-1234.5', { decimals: 2, lang: 'du' })).toBe('-1.234,50');
    expect(en('000123.4', 1)).toBe('123.4');
  });

  it('keeps every digit of integers beyond 2^53', () => {
    expect(en('9007199254740993', 0)).toBe('9,007,199,254,740,993');
    expect(en('123456789012345678901234567890.123456789', 6)).toBe(
      '123,456,789,012,345,678,901,234,567,890.123456',
    );
  });

  it('answers -- for anything that is not a decimal', () => {
    for (const bad of [
      '',
      ' ',
      'abc',
      '1e5',
      '1,5',
      '+1',
      '.5',
      '1.2.3',
      'NaN',
      'Infinity',
      '--',
    ]) {
      expect(en(bad, 2), bad).toBe('--');
    }
  });

  it('can leave out grouping, add a sign and keep every digit', () => {
    expect(formatDecimal('65000.5', { decimals: 2, lang: 'en', grouping: false })).toBe('65000.50');
    expect(formatDecimal('1.5', { decimals: 2, lang: 'en', sign: true })).toBe('+1.50');
    expect(formatDecimal('0', { decimals: 2, lang: 'en', sign: true })).toBe('+0.00');
    expect(formatDecimal('-1.5', { decimals: 2, lang: 'en', sign: true })).toBe('-1.50');
    const keep = (value: string, decimals: number) =>
      formatDecimal(value, { decimals, lang: 'en', truncate: false });
    expect(keep('1234.5', 2)).toBe('1,234.50');
    expect(keep('0.12345678', 2)).toBe('0.12345678');
    expect(keep('1.2000', 0)).toBe('1.2');
    expect(keep('100000', 0)).toBe('100,000');
    expect(keep('-0', 2)).toBe('0.00');
  });

  it('reads a trailing point and surrounding spaces', () => {
    expect(en(' 12. ', 1)).toBe('12.0');
  });
});

describe('formatPercent', () => {
  it('floors to 2 decimals with the sign when asked', () => {
    expect(formatPercent('1.239', { lang: 'en', sign: true })).toBe('+1.23%');
    expect(formatPercent('-0.5', { lang: 'en', sign: true })).toBe('-0.50%');
    expect(formatPercent('-0.001', { lang: 'en', sign: true })).toBe('+0.00%');
    expect(formatPercent('12.5', { lang: 'vi' })).toBe('12,50%');
    expect(formatPercent('12.5', { lang: 'en', decimals: undefined })).toBe('12.50%');
  });

  it('sets the sign apart in French and German', () => {
    expect(formatPercent('12.5', { lang: 'fr' })).toBe(`12,50${NNBSP}%`);
    expect(formatPercent('12.5', { lang: 'du', decimals: 1 })).toBe(`12,5${NBSP}%`);
  });

  it('answers -- without a percent sign for bad input', () => {
    expect(formatPercent('x', { lang: 'en' })).toBe('--');
  });
});

describe('formatCompact', () => {
  it('shortens with the units of each language, floored', () => {
    expect(formatCompact('1234567', { lang: 'en' })).toBe('1.23M');
    expect(formatCompact('1999999', { lang: 'en' })).toBe('1.99M');
    expect(formatCompact('1200', { lang: 'en' })).toBe('1.2K');
    expect(formatCompact('5000000000', { lang: 'en' })).toBe('5B');
    expect(formatCompact('-1234567', { lang: 'en', decimals: 1 })).toBe('-1.2M');
    expect(formatCompact('1234567', { lang: 'du' })).toBe(`1,23${NBSP}Mio.`);
    expect(formatCompact('1234567', { lang: 'fr' })).toBe(`1,23${NBSP}M`);
    expect(formatCompact('1234567', { lang: 'zh' })).toBe('123.45万');
    expect(formatCompact('123456789', { lang: 'jp' })).toBe('1.23億');
  });

  it('keeps small values whole and huge ones exact', () => {
    expect(formatCompact('999.999', { lang: 'en' })).toBe('999.99');
    expect(formatCompact('9999', { lang: 'zh' })).toBe('9,999.00');
    expect(formatCompact('123456789012345678901', { lang: 'en' })).toBe('123,456,789.01T');
    expect(formatCompact('x', { lang: 'en' })).toBe('--');
  });
});

describe('numberFormat', () => {
  it('binds the language', () => {
    const du = numberFormat('du');
    expect(du.decimal('65000', 2)).toBe('65.000,00');
    expect(du.amount('1234.5678')).toBe('1.234,5678');
    expect(du.amount('1234', 2)).toBe('1.234,00');
    expect(du.price('64250.56789', 4)).toBe('64.250,5678');
    expect(du.percent('1.5', { sign: true })).toBe(`+1,50${NBSP}%`);
    expect(du.compact('2500000')).toBe(`2,5${NBSP}Mio.`);
  });

  it('caps quantities at 6 decimals (spec 1 §5)', () => {
    const en = numberFormat('en');
    expect(en.quantity('1.123456789', 8)).toBe('1.123456');
    expect(en.quantity('1.5', 3)).toBe('1.500');
  });
});

describe('floorDecimal and sortDecimals', () => {
  it('floors toward zero without trailing zeros', () => {
    expect(floorDecimal('1.239', 2)).toBe('1.23');
    expect(floorDecimal('1.5', 6)).toBe('1.5');
    expect(floorDecimal('-1.239', 2)).toBe('-1.23');
    expect(floorDecimal('x', 2)).toBeNull();
  });

  it('sorts by value, unreadable values first', () => {
    expect(['2.1', '-3', 'x', '0.02', '10', '-0.5'].sort(sortDecimals)).toEqual([
      'x',
      '-3',
      '-0.5',
      '0.02',
      '2.1',
      '10',
    ]);
    expect(sortDecimals('1.5', '1.50')).toBe(0);
    expect(sortDecimals('0.30000000000000001', '0.3')).toBe(1);
    expect(sortDecimals('x', 'y')).toBe(0);
  });
});

describe('rounded arithmetic on scaled decimals', () => {
  const f = (text: string) => {
    const value = parseDecimal(text);
    if (value === null) throw new Error(`not a decimal: ${text}`);
    return value;
  };
  const text = (value: ReturnType<typeof divideScaled>) => (value ? decimalText(value) : null);

  it('rescales, flooring toward −∞ and ceiling toward +∞', () => {
    expect(rescaleScaled(f('1.5'), 6, 'floor')).toEqual({ units: 1_500_000n, scale: 6 });
    expect(text(rescaleScaled(f('1.0000019'), 6, 'floor'))).toBe('1.000001');
    expect(text(rescaleScaled(f('1.0000011'), 6, 'ceil'))).toBe('1.000002');
    expect(text(rescaleScaled(f('-1.0000011'), 6, 'floor'))).toBe('-1.000002');
    expect(text(rescaleScaled(f('-1.0000019'), 6, 'ceil'))).toBe('-1.000001');
    expect(text(rescaleScaled(f('2.5000000'), 6, 'ceil'))).toBe('2.5');
    expect(text(rescaleScaled(f('2.5000000'), 6, 'floor'))).toBe('2.5');
  });

  it('multiplies and divides exactly', () => {
    // 0.1 × 0.2 is 0.020000000000000004 in floats, 1.005 × 1000 is 1004.9999999999999.
    expect(text(multiplyScaled(f('0.1'), f('0.2')))).toBe('0.02');
    expect(text(multiplyScaled(f('1.005'), f('1000')))).toBe('1005');
    expect(text(divideScaled(f('0.3'), f('0.1'), 0, 'floor'))).toBe('3');
    expect(text(divideScaled(f('1'), f('3'), 6, 'floor'))).toBe('0.333333');
    expect(text(divideScaled(f('1'), f('3'), 6, 'ceil'))).toBe('0.333334');
    expect(text(divideScaled(f('100'), f('0.25'), 6, 'floor'))).toBe('400');
    expect(divideScaled(f('1'), f('0.000'), 6, 'floor')).toBeNull();
  });
});
