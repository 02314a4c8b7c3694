import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const UPLOAD_SOURCES = ['CREATE_MODULE', 'TWEAK_MODULE', 'REFINE_MODULE'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];
export const MODULE_TYPES = ['CREATE', 'TWEAK', 'REFINE'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];
export const IMAGE_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

/**
 * Files are stored by key in the storage provider (DATA_DIR/files/<key> on disk, an object of the bucket on S3); URLs are
 * signed when handed to the browser, never stored.
 */
export const inputImages = pgTable(
  'input_images',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    uploadSource: text('upload_source', { enum: UPLOAD_SOURCES }).notNull(),
    status: text('status', { enum: IMAGE_STATUSES }).notNull().default('COMPLETED'),
    originalKey: text('original_key').notNull(),
    processedKey: text('processed_key'),
    thumbnailKey: text('thumbnail_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Set when this input was made from a generated image (its masks were copied). */
    sourceGeneratedImageId: integer('source_generated_image_id'),
    sourceInputImageId: integer('source_input_image_id'),
    aiPrompt: text('ai_prompt'),
    generatedPrompt: text('generated_prompt'),
    /** Customization settings last used with this input (restored on select). */
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    /** The set a pushed view belongs to (migration 0311), e.g. "Riverside – scheme B". */
    viewSet: text('view_set'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set by the cleanup once the files of a soft-deleted image are gone (migration 0020). */
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('input_images_deleted_pending_idx')
      .on(t.deletedAt, t.id)
      .where(sql`${t.deletedAt} IS NOT NULL AND ${t.filesDeletedAt} IS NULL`),
    index('input_images_user_source_created_idx')
      .on(t.userId, t.uploadSource, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('input_images_user_view_set_idx')
      .on(t.userId, t.viewSet, t.id)
      .where(sql`${t.viewSet} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    index('input_images_user_created_idx')
      .on(t.userId, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inputImageId: integer('input_image_id'),
    /** For tweak and refine: the generated image the work started from. */
    baseGeneratedImageId: integer('base_generated_image_id'),
    moduleType: text('module_type', { enum: MODULE_TYPES }).notNull(),
    operationType: text('operation_type'),
    status: text('status', { enum: ['PROCESSING', 'COMPLETED'] }).notNull().default('PROCESSING'),
    prompt: text('prompt'),
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    totalVariations: integer('total_variations').notNull(),
    /** The engine's job id (RunPod/ComfyUI), when it has one. */
    runpodId: text('runpod_id'),
    /** The idempotency key of the credit debit for this batch (refunds reference it). */
    debitKey: text('debit_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('batches_user_module_created_idx').on(t.userId, t.moduleType, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    index('batches_processing_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PROCESSING'`),
  ],
);

export const generatedImages = pgTable(
  'generated_images',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    inputImageId: integer('input_image_id'),
    /** Tweak/refine: the image this one was made from (tweak history groups by it). */
    baseImageId: integer('base_image_id'),
    variationNumber: integer('variation_number').notNull(),
    status: text('status', { enum: IMAGE_STATUSES }).notNull().default('PROCESSING'),
    runpodStatus: text('runpod_status').notNull().default('SUBMITTED'),
    moduleType: text('module_type', { enum: MODULE_TYPES }).notNull(),
    operationType: text('operation_type'),
    imageKey: text('image_key'),
    processedKey: text('processed_key'),
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    prompt: text('prompt'),
    seed: bigint('seed', { mode: 'number' }),
    settingsSnapshot: jsonb('settings_snapshot').$type<Record<string, unknown>>(),
    maskMaterialMappings: jsonb('mask_material_mappings').$type<Record<string, unknown>>(),
    contextSelection: jsonb('context_selection').$type<Record<string, unknown>>(),
    aiMaterials: jsonb('ai_materials').$type<unknown[]>(),
    errorMessage: text('error_message'),
    /** Set once when this variation's credit was given back. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The job queue and job that make this image (migration 0030): the recovery sweep fails images whose job is gone. */
    jobQueue: text('job_queue'),
    jobId: text('job_id'),
    /** The idempotency key of the debit that paid for this image; its refund gives 1 back against it. */
    debitKey: text('debit_key'),
    isPublic: boolean('is_public').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set by the cleanup once the files of a soft-deleted image are gone (migration 0020). */
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('generated_images_deleted_pending_idx')
      .on(t.deletedAt, t.id)
      .where(sql`${t.deletedAt} IS NOT NULL AND ${t.filesDeletedAt} IS NULL`),
    index('generated_images_user_created_idx')
      .on(t.userId, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('generated_images_user_module_status_idx')
      .on(t.userId, t.moduleType, t.status, sql`${t.createdAt} DESC`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('generated_images_batch_idx').on(t.batchId, t.variationNumber),
    index('generated_images_processing_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PROCESSING'`),
    // The operator's console: failed renders, most recent first (migration 0340).
    index('generated_images_failed_idx')
      .on(sql`${t.updatedAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.status} = 'FAILED'`),
    index('generated_images_base_idx').on(t.userId, t.baseImageId),
    index('generated_images_public_idx')
      .on(sql`${t.publishedAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.isPublic} AND ${t.deletedAt} IS NULL`),
    // The gallery's day buckets and date ranges (migration 0040).
    index('generated_images_user_completed_idx')
      .on(t.userId, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.status} = 'COMPLETED' AND ${t.deletedAt} IS NULL`),
    index('generated_images_user_module_completed_idx')
      .on(t.userId, t.moduleType, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.status} = 'COMPLETED' AND ${t.deletedAt} IS NULL`),
    // The gallery's render type and shared/private filters (migration 0240).
    index('generated_images_user_render_type_idx')
      .on(t.userId, sql`(coalesce(${t.settingsSnapshot}->>'renderType', 'exterior'))`, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.status} = 'COMPLETED' AND ${t.deletedAt} IS NULL`),
    index('generated_images_user_public_idx')
      .on(t.userId, t.isPublic, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.status} = 'COMPLETED' AND ${t.deletedAt} IS NULL`),
  ],
);
