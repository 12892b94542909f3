import { z } from 'zod';
import { text } from '@shared/validation/text.js';

/** A provider's answer as it arrives in a query or a form: single text values only. */
export const answerSchema = z.record(z.string().max(40), text().max(500));
export type AnswerFields = z.infer<typeof answerSchema>;
