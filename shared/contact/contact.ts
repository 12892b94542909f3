import { z } from 'zod';
import { text } from '../validation/text.js';

/** How long each field of a contact message (and an admin's reply) may be. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  messageMax: 5000,
  replyMin: 2,
  replyMax: 10000,
} as const;

/** What a visitor or member writes on /contact. */
export const contactMessageSchema = z.object({
  name: text()
    .trim()
    .min(1, 'Please enter your name.')
    .max(CONTACT_LIMITS.name, `Use at most ${CONTACT_LIMITS.name} characters.`),
  email: text()
    .trim()
    .max(CONTACT_LIMITS.email, `Use at most ${CONTACT_LIMITS.email} characters.`)
    .email('Please enter a valid email address, so we can answer.'),
  subject: text()
    .trim()
    .min(1, 'Please enter a subject.')
    .max(CONTACT_LIMITS.subject, `Use at most ${CONTACT_LIMITS.subject} characters.`),
  message: text()
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Please write at least ${CONTACT_LIMITS.messageMin} characters.`)
    .max(CONTACT_LIMITS.messageMax, `Use at most ${CONTACT_LIMITS.messageMax} characters.`),
});
export type ContactMessagePayload = z.infer<typeof contactMessageSchema>;

/** An admin's answer to a contact message, mailed to its sender. */
export const contactReplySchema = z.object({
  text: text()
    .trim()
    .min(CONTACT_LIMITS.replyMin, 'Please write your reply.')
    .max(CONTACT_LIMITS.replyMax, `Use at most ${CONTACT_LIMITS.replyMax} characters.`),
});
export type ContactReplyPayload = z.infer<typeof contactReplySchema>;

export const contactInboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ContactInboxQuery = z.infer<typeof contactInboxQuerySchema>;

/** A contact message as the admin inbox lists it. */
export interface ContactMessageSummary {
  id: number;
  name: string;
  email: string;
  subject: string;
  /** The signed-in member who wrote it, or null for a visitor. */
  user: { id: number; username: string } | null;
  createdAt: string;
  /** When an admin first opened it; null while unread. */
  readAt: string | null;
  /** When an admin last replied; null while unanswered. */
  answeredAt: string | null;
}

export interface ContactReply {
  id: number;
  text: string;
  admin: { id: number; username: string } | null;
  createdAt: string;
}

/** One contact message, opened in the admin inbox, with the replies sent so far (oldest first). */
export interface ContactMessageDetail extends ContactMessageSummary {
  message: string;
  replies: ContactReply[];
}

/**
 * | name | method | payload | answer |
 * |---|---|---|---|
 * | send | POST | ContactMessagePayload | null (anyone; limited per address) |
 * | inbox | GET ?page | – | Paged<ContactMessageSummary>, newest first (admin) |
 * | message(id) | GET | – | ContactMessageDetail (admin) |
 * | read(id) | POST | – | ContactMessageSummary, marked read (admin) |
 * | reply(id) | POST | ContactReplyPayload | ContactMessageDetail, mailed and marked answered (admin) |
 */
export const CONTACT_ENDPOINTS = {
  send: '/data/contact',
  inbox: '/data/admin/contact',
  message: (id: number) => `/data/admin/contact/${id}`,
  read: (id: number) => `/data/admin/contact/${id}/read`,
  reply: (id: number) => `/data/admin/contact/${id}/reply`,
} as const;
