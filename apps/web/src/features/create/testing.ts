import type { GeneratedImage, InputImage } from '@atelier/contract';
import { placeholderImage } from '../../app/api/generation';

export function inputImage(id: number, overrides: Partial<InputImage> = {}): InputImage {
  return {
    id,
    originalUrl: `/api/files/in/${id}.png?sig=x`,
    processedUrl: `/api/files/in/${id}.web.jpg?sig=x`,
    imageUrl: `/api/files/in/${id}.web.jpg?sig=x`,
    thumbnailUrl: `/api/files/in/${id}.thumb.webp?sig=x`,
    fileName: `house-${id}.png`,
    status: 'COMPLETED',
    isProcessed: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    uploadSource: 'CREATE_MODULE',
    dimensions: { width: 1200, height: 800 },
    aiMaterials: [],
    aiPrompt: null,
    generatedPrompt: null,
    sourceGeneratedImageId: null,
    sourceInputImageId: null,
    ...overrides,
  };
}

export function createImage(id: number, overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  const base = placeholderImage({ imageId: id, batchId: overrides.batchId ?? 1, variationNumber: overrides.variationNumber ?? 1, createdAt: '2026-03-01T10:00:00.000Z' });
  return {
    ...base,
    status: 'COMPLETED',
    runpodStatus: 'COMPLETED',
    imageUrl: `/api/files/gen/${id}.jpg?sig=x`,
    processedImageUrl: `/api/files/gen/${id}.jpg?sig=x`,
    thumbnailUrl: `/api/files/gen/${id}.thumb.webp?sig=x`,
    width: 1200,
    height: 800,
    ...overrides,
  };
}

export const page = <T,>(key: string, items: T[]) => ({
  [key]: items,
  pagination: { page: 1, limit: 50, total: items.length, totalPages: 1 },
});
