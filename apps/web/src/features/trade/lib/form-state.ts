import type { OrderMode, Side } from './order-math';

export interface SideState {
  /** The typed limit price; in market mode the price comes from the book instead. */
  price: string;
  quantity: string;
  /** Slider position, 0–100. */
  percent: number;
}

export interface FormState {
  mode: OrderMode;
  buy: SideState;
  sell: SideState;
}

export type FormAction =
  | { type: 'mode'; mode: OrderMode }
  | { type: 'price'; side: Side; price: string; quantity?: string }
  | { type: 'quantity'; side: Side; quantity: string }
  | { type: 'slide'; side: Side; percent: number; quantity: string }
  | { type: 'fillPrice'; price: string }
  | { type: 'placed'; side: Side }
  | { type: 'reset' };

const EMPTY_SIDE: SideState = { price: '', quantity: '', percent: 0 };

/** Market is the default order type (spec 1 §4). */
export const INITIAL_FORM: FormState = { mode: 'market', buy: EMPTY_SIDE, sell: EMPTY_SIDE };

function withSide(state: FormState, side: Side, patch: Partial<SideState>): FormState {
  return { ...state, [side]: { ...state[side], ...patch } };
}

/**
 * The order form of both panels. Switching the order type clears quantities and sliders, and the
 * typed prices (market mode reads the book; limit mode starts empty), spec 1 §4.
 */
export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'mode':
      return action.mode === state.mode ? state : { ...INITIAL_FORM, mode: action.mode };
    case 'price':
      return withSide(state, action.side, {
        price: action.price,
        ...(action.quantity === undefined ? {} : { quantity: action.quantity }),
      });
    case 'quantity':
      // A typed quantity no longer matches a slider position.
      return withSide(state, action.side, { quantity: action.quantity, percent: 0 });
    case 'slide':
      return withSide(state, action.side, { percent: action.percent, quantity: action.quantity });
    case 'fillPrice': {
      // A price picked from the book is a limit price: market mode switches to limit first.
      const base = state.mode === 'limit' ? state : { ...INITIAL_FORM, mode: 'limit' as const };
      return {
        ...base,
        buy: { ...base.buy, price: action.price },
        sell: { ...base.sell, price: action.price },
      };
    }
    case 'placed':
      return withSide(state, action.side, { quantity: '', percent: 0 });
    case 'reset':
      return { ...INITIAL_FORM, mode: state.mode };
  }
}
