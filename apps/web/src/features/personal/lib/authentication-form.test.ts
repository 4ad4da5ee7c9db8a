import { describe, expect, it } from 'vitest';
import {
  EMPTY_IDENTITY,
  identityRequest,
  identityView,
  validateIdentity,
  type IdentityForm,
} from './authentication-form';

const FULL: IdentityForm = {
  name: 'Nguyen Van A',
  card_id: '079201001234',
  front_pic: '/api/upload/a.png',
  reverse_pic: '/api/upload/b.png',
  hand_pic: '/api/upload/c.png',
};

describe('identity form validation (user_real/real_name order)', () => {
  it('asks for each field in turn, top to bottom', () => {
    const steps: [Partial<IdentityForm>, string, string][] = [
      [{}, 'collect.p_name', 'name'],
      [{ name: 'A' }, 'collect.p_cardno', 'card_id'],
      [{ name: 'A', card_id: '12' }, 'identity.card_id', 'card_id'],
      [{ name: 'A', card_id: '12 34 56' }, 'identity.card_id', 'card_id'],
      [{ name: 'A', card_id: 'AB-1234' }, 'collect.up_cardz', 'front_pic'],
      [{ name: 'A', card_id: 'AB-1234', front_pic: 'f' }, 'collect.up_cardf', 'reverse_pic'],
      [
        { name: 'A', card_id: 'AB-1234', front_pic: 'f', reverse_pic: 'r' },
        'collect.up_cardhand',
        'hand_pic',
      ],
    ];
    for (const [values, key, field] of steps) {
      expect(validateIdentity({ ...EMPTY_IDENTITY, ...values })).toEqual({ key, field });
    }
    expect(validateIdentity(FULL)).toBeNull();
  });

  it('takes a name or id number of spaces as missing and sends them trimmed', () => {
    expect(validateIdentity({ ...FULL, name: '   ' })?.key).toBe('collect.p_name');
    expect(validateIdentity({ ...FULL, card_id: '  ' })?.key).toBe('collect.p_cardno');
    expect(validateIdentity({ ...FULL, card_id: ' 079201001234 ' })).toBeNull();
    expect(identityRequest({ ...FULL, name: ' A B ', card_id: ' X-1 ' })).toEqual({
      ...FULL,
      name: 'A B',
      card_id: 'X-1',
    });
  });
});

describe('identity review status → view', () => {
  it('shows the form with nothing submitted, a state while pending or approved', () => {
    expect(identityView({ review_status: 0, descript: '' })).toEqual({
      kind: 'form',
      rejectedReason: null,
    });
    expect(identityView({ review_status: 1, descript: '' })).toEqual({ kind: 'pending' });
    expect(identityView({ review_status: 2, descript: '' })).toEqual({ kind: 'verified' });
  });

  it('shows the form again with the reason after a rejection', () => {
    expect(identityView({ review_status: 3, descript: 'Photo is blurred' })).toEqual({
      kind: 'form',
      rejectedReason: 'Photo is blurred',
    });
    expect(identityView({ review_status: 3, descript: ' ' })).toEqual({
      kind: 'form',
      rejectedReason: null,
    });
  });
});
