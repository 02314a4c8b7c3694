import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * Uploaded masks and Add image pictures (migration 0190), one row per file under
 * u/<userId>/tweak/: last_used_at is the upload or the latest tweak started with the file. The
 * daily cleanup removes file and row once it is a day old and no generated image names it.
 */
export const tweakFiles = pgTable(
  'tweak_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['mask', 'overlay'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tweak_files_key_idx').on(t.storageKey), index('tweak_files_last_used_idx').on(t.lastUsedAt)],
);
