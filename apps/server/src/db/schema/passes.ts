import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { inputImages } from './images.js';

/** Depth and normal passes of an input image (migration 0310), one of each at most. */
export const inputImagePasses = pgTable(
  'input_image_passes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inputImageId: integer('input_image_id')
      .notNull()
      .references(() => inputImages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['depth', 'normal'] }).notNull(),
    sourceFormat: text('source_format', { enum: ['png8', 'png16', 'exr'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    depthNear: doublePrecision('depth_near'),
    depthFar: doublePrecision('depth_far'),
    /** The camera's horizontal field of view, degrees (migration 0360); null when not sent. */
    fovDeg: doublePrecision('fov_deg'),
    dataKey: text('data_key').notNull(),
    previewKey: text('preview_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('input_image_passes_image_kind_idx').on(t.inputImageId, t.kind),
    index('input_image_passes_user_image_idx').on(t.userId, t.inputImageId),
  ],
);
