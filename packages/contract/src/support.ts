import { z } from 'zod';

/** The /support contact form (POST /support/requests, multipart: topic, message, optional attachment). */
export const SUPPORT_TOPICS = ['student_verification', 'billing', 'bug', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  student_verification: 'Student verification',
  billing: 'Billing',
  bug: 'Something is broken',
  other: 'Something else',
};

export const SUPPORT_LIMITS = {
  messageMin: 10,
  messageMax: 5000,
  /** One attachment: an image or a PDF, at most 10 MB. */
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;

export const SUPPORT_MESSAGES = {
  sent: 'Thanks, your message is on its way. We answer by e-mail.',
  failed: 'Failed to send your message',
  attachmentType: 'The attachment must be a JPG, PNG, WEBP image or a PDF',
  attachmentTooLarge: 'The attachment is too large (10 MB at most)',
} as const;

export const supportRequestFieldsSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: `topic must be one of ${SUPPORT_TOPICS.join(', ')}` }),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(SUPPORT_LIMITS.messageMin, `Please describe it in at least ${SUPPORT_LIMITS.messageMin} characters`)
    .max(SUPPORT_LIMITS.messageMax, `The message can have at most ${SUPPORT_LIMITS.messageMax} characters`),
});
export type SupportRequestFields = z.infer<typeof supportRequestFieldsSchema>;

export const supportRequestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SupportRequestResponse = z.infer<typeof supportRequestResponseSchema>;
