import { FEEDBACK_MIN_CONTENT } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import {
  contentCounter,
  contentLength,
  feedbackRequest,
  validateFeedback,
  type FeedbackDraft,
} from './feedback-form';

const filled: FeedbackDraft = {
  type: 2,
  title: 'Deposit not credited',
  content: 'My deposit of 500 USDT has not arrived.',
};

describe('feedback form', () => {
  it('checks top to bottom: type, title, content, then its length', () => {
    expect(validateFeedback({ type: null, title: '', content: '' })).toEqual({
      field: 'type',
      key: 'feedback.p_type',
    });
    expect(validateFeedback({ ...filled, type: null, title: '' })?.key).toBe('feedback.p_type');
    expect(validateFeedback({ ...filled, title: '   ', content: '' })).toEqual({
      field: 'title',
      key: 'feedback.p_title',
    });
    expect(validateFeedback({ ...filled, content: ' \n ' })).toEqual({
      field: 'content',
      key: 'feedback.p_content',
    });
    expect(validateFeedback({ ...filled, content: 'Too short' })).toEqual({
      field: 'content',
      key: 'feedback.content_short',
    });
    expect(validateFeedback(filled)).toBeNull();
  });

  it('wants at least 10 characters of content, spaces around it aside', () => {
    expect(FEEDBACK_MIN_CONTENT).toBe(10);
    expect(validateFeedback({ ...filled, content: '   123456789   ' })?.key).toBe(
      'feedback.content_short',
    );
    expect(validateFeedback({ ...filled, content: '  1234567890  ' })).toBeNull();
  });

  it('counts characters as the server does: an emoji or a CJK character is one', () => {
    expect(contentLength('  abc  ')).toBe(3);
    expect(contentLength('😀😀😀')).toBe(3);
    expect(contentLength('充值没有到账请帮忙查看')).toBe(11);
    expect(validateFeedback({ ...filled, content: '😀😀😀😀😀😀😀😀😀' })?.key).toBe(
      'feedback.content_short',
    );
    expect(validateFeedback({ ...filled, content: '充值没有到账请帮忙查看' })).toBeNull();
  });

  it('says how many characters there are and how many are missing', () => {
    expect(contentCounter('')).toEqual({ count: 0, max: 2000, missing: 10 });
    expect(contentCounter(' hello ')).toEqual({ count: 5, max: 2000, missing: 5 });
    expect(contentCounter('0123456789')).toEqual({ count: 10, max: 2000, missing: 0 });
    expect(contentCounter('x'.repeat(50)).missing).toBe(0);
  });

  it('sends trimmed texts', () => {
    expect(feedbackRequest({ type: 5, title: ' Hi ', content: ' Something long enough ' })).toEqual(
      { type: 5, title: 'Hi', content: 'Something long enough' },
    );
  });
});
