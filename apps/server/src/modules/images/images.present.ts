import type { GeneratedImage, InputImage } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { GeneratedImageRow, InputImageRow } from './owned-images.js';

/** API shapes (spec §3) of the rows, with signed, expiring file URLs. */

type Urls = Pick<AppContext, 'urls'>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function presentInputImage(ctx: Urls, row: InputImageRow): InputImage {
  const originalUrl = ctx.urls.sign(row.originalKey);
  const processedUrl = row.processedKey ? ctx.urls.sign(row.processedKey) : null;
  return {
    id: row.id,
    originalUrl,
    processedUrl,
    imageUrl: processedUrl ?? originalUrl,
    thumbnailUrl: row.thumbnailKey ? ctx.urls.sign(row.thumbnailKey) : null,
    fileName: row.fileName,
    status: row.status,
    isProcessed: processedUrl !== null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    uploadSource: row.uploadSource,
    dimensions: { width: row.width, height: row.height },
    aiMaterials: asArray(row.settings?.aiMaterials),
    aiPrompt: row.aiPrompt,
    generatedPrompt: row.generatedPrompt,
    sourceGeneratedImageId: row.sourceGeneratedImageId,
    sourceInputImageId: row.sourceInputImageId,
    viewSet: row.viewSet,
  };
}

export function presentGeneratedImage(ctx: Urls, row: GeneratedImageRow): GeneratedImage {
  const imageUrl = row.imageKey ? ctx.urls.sign(row.imageKey) : null;
  const snapshot = row.settingsSnapshot ?? null;
  return {
    id: row.id,
    imageUrl,
    processedImageUrl: row.processedKey ? ctx.urls.sign(row.processedKey) : imageUrl,
    thumbnailUrl: row.thumbnailKey ? ctx.urls.sign(row.thumbnailKey) : null,
    batchId: row.batchId,
    variationNumber: row.variationNumber,
    status: row.status,
    runpodStatus: row.runpodStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    moduleType: row.moduleType,
    operationType: row.operationType,
    maskMaterialMappings: row.maskMaterialMappings ?? null,
    aiPrompt: typeof snapshot?.aiPrompt === 'string' ? snapshot.aiPrompt : row.prompt,
    aiMaterials: asArray(row.aiMaterials),
    settingsSnapshot: snapshot,
    contextSelection: row.contextSelection ?? null,
    prompt: row.prompt,
    settings: snapshot,
    inputImageId: row.inputImageId,
    baseImageId: row.baseImageId,
    width: row.width,
    height: row.height,
  };
}
