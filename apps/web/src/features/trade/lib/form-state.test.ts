import { describe, expect, it } from 'vitest';
import { formReducer, INITIAL_FORM, type FormState } from './form-state';

const filled: FormState = {
  mode: 'limit',
  buy: { price: '100', quantity: '2', percent: 50 },
  sell: { price: '101', quantity: '1', percent: 25 },
};

describe('formReducer', () => {
  it('starts in market mode (spec 1 §4)', () => {
    expect(INITIAL_FORM.mode).toBe('market');
  });

  it('switching the order type clears quantities, sliders and prices (spec 1 §4)', () => {
    const market = formReducer(filled, { type: 'mode', mode: 'market' });
    expect(market).toEqual({ ...INITIAL_FORM, mode: 'market' });
    const limit = formReducer({ ...filled, mode: 'market' }, { type: 'mode', mode: 'limit' });
    expect(limit).toEqual({ ...INITIAL_FORM, mode: 'limit' });
  });

  it('choosing the type already chosen changes nothing', () => {
    expect(formReducer(filled, { type: 'mode', mode: 'limit' })).toBe(filled);
  });

  it('a typed quantity detaches the slider', () => {
    const next = formReducer(filled, { type: 'quantity', side: 'buy', quantity: '3' });
    expect(next.buy).toEqual({ price: '100', quantity: '3', percent: 0 });
    expect(next.sell).toBe(filled.sell);
  });

  it('the slider sets percent and quantity together', () => {
    const next = formReducer(filled, { type: 'slide', side: 'sell', percent: 75, quantity: '3' });
    expect(next.sell).toEqual({ price: '101', quantity: '3', percent: 75 });
  });

  it('a price may carry a recomputed quantity', () => {
    expect(formReducer(filled, { type: 'price', side: 'buy', price: '50' }).buy).toEqual({
      price: '50',
      quantity: '2',
      percent: 50,
    });
    expect(
      formReducer(filled, { type: 'price', side: 'buy', price: '50', quantity: '4' }).buy.quantity,
    ).toBe('4');
  });

  it('a price from the book fills both forms (spec 1 §2)', () => {
    const next = formReducer(filled, { type: 'fillPrice', price: '99.5' });
    expect(next.buy).toEqual({ price: '99.5', quantity: '2', percent: 50 });
    expect(next.sell).toEqual({ price: '99.5', quantity: '1', percent: 25 });
  });

  it('a price from the book in market mode switches to limit', () => {
    const market = { ...filled, mode: 'market' as const };
    const next = formReducer(market, { type: 'fillPrice', price: '99.5' });
    expect(next.mode).toBe('limit');
    expect(next.buy).toEqual({ price: '99.5', quantity: '', percent: 0 });
    expect(next.sell).toEqual({ price: '99.5', quantity: '', percent: 0 });
  });

  it('a placed order clears its quantity and slider, keeping the price', () => {
    const next = formReducer(filled, { type: 'placed', side: 'buy' });
    expect(next.buy).toEqual({ price: '100', quantity: '', percent: 0 });
    expect(next.sell).toBe(filled.sell);
  });

  it('a new pair empties both forms but keeps the order type', () => {
    expect(formReducer(filled, { type: 'reset' })).toEqual({ ...INITIAL_FORM, mode: 'limit' });
  });
});
