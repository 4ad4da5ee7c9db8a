import {
  FEEDBACK_TYPES,
  PERSONAL_TYPE_LABELS,
  type FeedbackRow,
  type Lang,
} from '@exchange/contract';
import type { feedback } from '../../db/schema.js';

type TypeCode = keyof (typeof PERSONAL_TYPE_LABELS)['en'];

/** The name of a receiving method or feedback type in a language. */
export function typeName(code: TypeCode, lang: Lang): string {
  return PERSONAL_TYPE_LABELS[lang][code];
}

export function feedbackView(row: typeof feedback.$inferSelect): FeedbackRow {
  return {
    id: row.id,
    type: row.type,
    type_code: FEEDBACK_TYPES.find((t) => t.id === row.type)?.code ?? 'other',
    title: row.title,
    content: row.content,
    reply: row.reply,
    created_at: row.createdAt.getTime(),
    replied_at: row.repliedAt ? row.repliedAt.getTime() : null,
  };
}
