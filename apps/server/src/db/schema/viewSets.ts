import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** A set render (migration 0370): every view of a view set with one look; STARTING → PROCESSING → COMPLETED. */
export const setRenders = pgTable(
  'set_renders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewSet: text('view_set').notNull(),
    status: text('status', { enum: ['STARTING', 'PROCESSING', 'COMPLETED'] }).notNull().default('STARTING'),
    seeds: jsonb('seeds').$type<number[]>().notNull(),
    variations: integer('variations').notNull(),
    cost: integer('cost').notNull(),
    look: jsonb('look').$type<{ prompt: string; mode: string; renderType: string; selections: Record<string, unknown> }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('set_renders_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

/** One view of a set render and its batch; status PROCESSING until the batch is done, then COMPLETED or FAILED. */
export const setRenderViews = pgTable(
  'set_render_views',
  {
    setRenderId: integer('set_render_id')
      .notNull()
      .references(() => setRenders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    inputImageId: integer('input_image_id').notNull(),
    batchId: integer('batch_id').notNull(),
    status: text('status', { enum: ['PROCESSING', 'COMPLETED', 'FAILED'] }).notNull().default('PROCESSING'),
  },
  (t) => [primaryKey({ columns: [t.setRenderId, t.position] }), index('set_render_views_batch_idx').on(t.batchId)],
);
