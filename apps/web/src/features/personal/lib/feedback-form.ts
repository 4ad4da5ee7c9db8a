import { FEEDBACK_MIN_CONTENT, type ErrorKey } from '@exchange/contract';

/** The content's limit on the server (feedback/feedback: content up to 2000 characters). */
export const FEEDBACK_MAX_CONTENT = 2000;
export const FEEDBACK_MAX_TITLE = 100;

export interface FeedbackDraft {
  /** The chosen type's id; null until one is chosen. */
  type: number | null;
  title: string;
  content: string;
}

export type FeedbackField = 'type' | 'title' | 'content';

export interface FeedbackProblem {
  field: FeedbackField;
  key: ErrorKey;
}

/**
 * Characters of the content as the server counts them for its minimum: letters of the trimmed
 * text, so an emoji or a Chinese character is one.
 */
export function contentLength(content: string): number {
  return [...content.trim()].length;
}

/**
 * The form, top to bottom, with the keys the server answers (feedback/feedback): a type
 * (feedback.p_type), a title (feedback.p_title), a description (feedback.p_content) of at least
 * 10 characters (feedback.content_short). The first problem only.
 */
export function validateFeedback(draft: FeedbackDraft): FeedbackProblem | null {
  if (draft.type === null || draft.type <= 0) return { field: 'type', key: 'feedback.p_type' };
  if (!draft.title.trim()) return { field: 'title', key: 'feedback.p_title' };
  if (!draft.content.trim()) return { field: 'content', key: 'feedback.p_content' };
  if (contentLength(draft.content) < FEEDBACK_MIN_CONTENT)
    return { field: 'content', key: 'feedback.content_short' };
  return null;
}

export interface ContentCounter {
  count: number;
  max: number;
  /** Characters still missing to reach the minimum; 0 once it is reached. */
  missing: number;
}

/** The counter under the description: how many characters, and how many more are needed. */
export function contentCounter(content: string): ContentCounter {
  const count = contentLength(content);
  return {
    count,
    max: FEEDBACK_MAX_CONTENT,
    missing: Math.max(0, FEEDBACK_MIN_CONTENT - count),
  };
}

/** The request of feedback/feedback: trimmed texts, as the server stores them. */
export function feedbackRequest(draft: FeedbackDraft): {
  type: number;
  title: string;
  content: string;
} {
  return { type: draft.type ?? 0, title: draft.title.trim(), content: draft.content.trim() };
}
