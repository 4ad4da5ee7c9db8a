import { REVIEW, type ErrorKey, type IdentityReview } from '@exchange/contract';

/** The identity form as typed: the three photos are upload urls (empty until uploaded). */
export interface IdentityForm {
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
}

export type IdentityField = keyof IdentityForm;

export const EMPTY_IDENTITY: IdentityForm = {
  name: '',
  card_id: '',
  front_pic: '',
  reverse_pic: '',
  hand_pic: '',
};

/** The id number as user_real/real_name takes it: letters, digits and dashes, 4 to 40. */
const CARD_ID = /^[A-Za-z0-9-]{4,40}$/;

/**
 * The identity form top to bottom, with the server's keys (user_real/real_name): the real name,
 * the id number and its form, then the front, the back and the hand-held photo. The field is
 * named so that the page can put the cursor there.
 */
export function validateIdentity(v: IdentityForm): { key: ErrorKey; field: IdentityField } | null {
  const name = v.name.trim();
  const card = v.card_id.trim();
  if (!name) return { key: 'collect.p_name', field: 'name' };
  if (!card) return { key: 'collect.p_cardno', field: 'card_id' };
  if (!CARD_ID.test(card)) return { key: 'identity.card_id', field: 'card_id' };
  if (!v.front_pic) return { key: 'collect.up_cardz', field: 'front_pic' };
  if (!v.reverse_pic) return { key: 'collect.up_cardf', field: 'reverse_pic' };
  if (!v.hand_pic) return { key: 'collect.up_cardhand', field: 'hand_pic' };
  return null;
}

/** The form as sent: texts trimmed. */
export function identityRequest(v: IdentityForm): IdentityForm {
  return { ...v, name: v.name.trim(), card_id: v.card_id.trim() };
}

/** What the page shows for a review status: the form (with the reason when rejected) or a state. */
export type IdentityView =
  { kind: 'form'; rejectedReason: string | null } | { kind: 'pending' } | { kind: 'verified' };

export function identityView(center: {
  review_status: IdentityReview;
  descript: string;
}): IdentityView {
  switch (center.review_status) {
    case REVIEW.pending:
      return { kind: 'pending' };
    case REVIEW.approved:
      return { kind: 'verified' };
    case REVIEW.rejected:
      return { kind: 'form', rejectedReason: center.descript.trim() || null };
    default:
      return { kind: 'form', rejectedReason: null };
  }
}
