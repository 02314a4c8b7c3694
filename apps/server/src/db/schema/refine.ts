import { boolean, doublePrecision, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REFINE_IMAGE_TYPES } from '@atelier/contract';
import { users } from './auth.js';

/**
 * The refine settings last saved for an image of the user's (migration 0050): an input image
 * (image_type 'uploaded') or a generated image ('generated'), one row per image. The refine
 * results themselves are generated images of module REFINE (images schema); migration 0050 also
 * indexes them by the input image they refine (generated_images_refine_input_idx).
 */
export const refineSettings = pgTable(
  'refine_settings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageType: text('image_type', { enum: REFINE_IMAGE_TYPES }).notNull(),
    imageId: integer('image_id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    scaleFactor: doublePrecision('scale_factor').notNull(),
    aiStrength: integer('ai_strength').notNull(),
    resemblance: integer('resemblance').notNull(),
    clarity: integer('clarity').notNull(),
    sharpness: integer('sharpness').notNull(),
    matchColor: boolean('match_color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refine_settings_image_idx').on(t.userId, t.imageType, t.imageId)],
);
