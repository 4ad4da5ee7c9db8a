import { REVIEW, SECURITY_LEVELS, securityLabel, type SecurityLabel } from '@exchange/contract';

/** The highest level: phone, e-mail and identity all done (spec 3 §4). */
export const TOP_LEVEL = SECURITY_LEVELS[0].min;

export interface SecurityView {
  label: SecurityLabel;
  /** How full the bar is, 0 to 100. */
  percent: number;
  /** The bar's colour: red when low, amber in the middle, green from high on. */
  tone: 'low' | 'middle' | 'good';
}

/** The security bar of account settings: 50 low, 75 middle, 100 high, 125 strong. */
export function securityView(level: number): SecurityView {
  const label = securityLabel(level);
  const percent = Math.max(0, Math.min(100, Math.round((level / TOP_LEVEL) * 100)));
  const tone = label === 'low' ? 'low' : label === 'middle' ? 'middle' : 'good';
  return { label, percent, tone };
}

export type IdentityState = 'none' | 'pending' | 'approved' | 'rejected';

/** The identity line's state from user/info's review_status. */
export function identityState(reviewStatus: number): IdentityState {
  switch (reviewStatus) {
    case REVIEW.pending:
      return 'pending';
    case REVIEW.approved:
      return 'approved';
    case REVIEW.rejected:
      return 'rejected';
    default:
      return 'none';
  }
}
