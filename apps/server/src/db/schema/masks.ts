import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MASK_STATUSES } from '@atelier/contract';
import { users } from './auth.js';
import { inputImages } from './images.js';

/**
 * Mask regions (migration 0080), owned by the masks module: one row per region of an input
 * image, its PNG stored under u/<userId>/masks/<inputImageId>/ (white = region), with the style
 * the user gave it (catalog ids and text). `position` orders them largest first.
 */
export const maskRegions = pgTable(
  'mask_regions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inputImageId: integer('input_image_id')
      .notNull()
      .references(() => inputImages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    maskKey: text('mask_key').notNull(),
    label: text('label').notNull(),
    area: real('area').notNull(),
    averageColor: text('average_color').notNull(),
    /** The engine's confidence in the label (0–1); null where none was given or the user named the region. */
    confidence: real('confidence'),
    isVisible: boolean('is_visible').notNull().default(true),
    customText: text('custom_text'),
    materialOptionId: text('material_option_id'),
    customizationOptionId: text('customization_option_id'),
    subCategoryId: text('sub_category_id'),
    /**
     * A region copied to a new input image (onInputImageCopied) also answers to the ids of the
     * regions it was copied from, so mask_{id} mappings made on the original input still apply.
     */
    aliasIds: jsonb('alias_ids').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mask_regions_input_idx').on(t.userId, t.inputImageId, t.position)],
);

/**
 * The mask status of an input image (spec §4: none without a row, processing, completed,
 * failed), with the job that makes the current set: a job that finds another job id here
 * was superseded by a newer request and does nothing.
 */
export const maskGenerations = pgTable(
  'mask_generations',
  {
    inputImageId: integer('input_image_id')
      .primaryKey()
      .references(() => inputImages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MASK_STATUSES }).notNull(),
    jobId: uuid('job_id'),
    error: text('error'),
    regionCount: integer('region_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mask_generations_user_idx').on(t.userId),
    index('mask_generations_processing_idx')
      .on(t.startedAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * AI prompt materials (migration 0080), owned by the prompts module: the materials chosen for
 * an input image's prompt. `dedupeKey` is aiMaterialKey() of the contract (subcategory, options
 * and display name), unique per image, so a duplicate is never stored twice.
 */
export const aiPromptMaterials = pgTable(
  'ai_prompt_materials',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inputImageId: integer('input_image_id')
      .notNull()
      .references(() => inputImages.id, { onDelete: 'cascade' }),
    materialOptionId: text('material_option_id'),
    customizationOptionId: text('customization_option_id'),
    subCategoryId: text('sub_category_id'),
    displayName: text('display_name').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_prompt_materials_dedupe_idx').on(t.userId, t.inputImageId, t.dedupeKey)],
);
