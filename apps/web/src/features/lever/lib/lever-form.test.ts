import { describe, expect, it } from 'vitest';
import { formProblem, hazardLevel, isStopInput, leverPreview, leverTime } from './lever-form';

const terms = {
  lever_point_rate: '0.001',
  lever_share_num: '0.01',
  lever_fee_rate: '0.002',
  price_decimals: 2,
  qty_decimals: 4,
  quote_decimals: 6,
};

describe('leverPreview', () => {
  it('moves the entry against the trader and computes margin and fee', () => {
    const p = leverPreview(terms, 1, '60000', 2, 10);
    expect(p.entry).toBe('60060.00');
    expect(Number(p.number)).toBe(0.02);
    expect(Number(p.margin)).toBeCloseTo(120.12, 6);
    expect(Number(p.fee)).toBeCloseTo(0.24024, 6);
    expect(leverPreview(terms, 2, '60000', 2, 10).entry).toBe('59940.00');
  });
});

describe('formProblem', () => {
  const ok = { status: 1 as const, price: '', multiple: 10, share: '1', password: 'x' };
  it('names each missing field', () => {
    expect(formProblem(ok, 1, 100)).toBeNull();
    expect(formProblem({ ...ok, status: 0 }, 1, 100)).toBe('lever.p_price');
    expect(formProblem({ ...ok, multiple: null }, 1, 100)).toBe('lever.p_multiple');
    expect(formProblem({ ...ok, share: '' }, 1, 100)).toBe('lever.p_share');
    expect(formProblem({ ...ok, share: '101' }, 1, 100)).toBe('share_range');
    expect(formProblem({ ...ok, password: '' }, 1, 100)).toBe('lever.p_password');
  });
});

describe('helpers', () => {
  it('checks stops, hazard levels and times', () => {
    expect(isStopInput('')).toBe(true);
    expect(isStopInput('1.5')).toBe(true);
    expect(isStopInput('-1')).toBe(false);
    expect(hazardLevel(null, '50')).toBe('safe');
    expect(hazardLevel('150', '50')).toBe('safe');
    expect(hazardLevel('90', '50')).toBe('reduce');
    expect(hazardLevel('55', '50')).toBe('danger');
    expect(leverTime(Date.UTC(2024, 4, 1, 7, 3, 9))).toBe('05-01 14:03:09');
  });
});
