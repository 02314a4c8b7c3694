import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TWEAK_IMAGE_KINDS } from '@atelier/contract';
import { users } from './auth.js';

/**
 * The tweak prompt saved per image of the user's (migration 0070): an input image or a generated
 * image, one row per image, with the tweak settings kept beside it (spec §7 "save tweak prompt").
 * The tweak results themselves are generated images of module TWEAK (images schema), and the
 * masks and placed pictures are files under u/<userId>/tweak/ in storage.
 */
export const tweakPrompts = pgTable(
  'tweak_prompts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageType: text('image_type', { enum: TWEAK_IMAGE_KINDS }).notNull(),
    imageId: integer('image_id').notNull(),
    prompt: text('prompt').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tweak_prompts_image_idx').on(t.userId, t.imageType, t.imageId)],
);
