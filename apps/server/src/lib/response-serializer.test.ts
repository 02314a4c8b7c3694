import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  batchStatusResponseSchema,
  galleryImagesResponseSchema,
  historyResponseSchema,
  imageErrorResponseSchema,
  inputImagesResponseSchema,
} from '@atelier/contract';
import { responseSerializerCompiler, toResponseJsonSchema } from './response-serializer.js';

const compile = (schema: unknown) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<typeof responseSerializerCompiler>[0]);

/** What the zod serializer used to send: the parsed value (unknown keys stripped) as JSON. */
const zodReply = (schema: z.ZodType, data: unknown) => JSON.parse(JSON.stringify(schema.parse(data)));

const inputImage = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  originalUrl: `/api/files/u/1/inputs/${id}/original.jpg?exp=1&sig=ab`,
  processedUrl: id % 2 ? null : `/api/files/u/1/inputs/${id}/processed.jpg?exp=1&sig=cd`,
  imageUrl: `/api/files/u/1/inputs/${id}/original.jpg?exp=1&sig=ab`,
  thumbnailUrl: null,
  fileName: 'a "quoted" name\n\u2028é.jpg',
  status: 'COMPLETED',
  isProcessed: id % 2 === 0,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  uploadSource: 'CREATE_MODULE',
  dimensions: { width: 1024, height: 768 },
  aiMaterials: [{ name: 'oak', nested: { deep: [1, null, 'x'] } }, 'plain'],
  aiPrompt: id % 3 ? null : 'warm light',
  generatedPrompt: null,
  sourceGeneratedImageId: id % 2 ? 7 : null,
  sourceInputImageId: null,
  ...extra,
});

describe('response serializer from the contract schemas', () => {
  it('writes the input-image list exactly as the zod serializer did (nulls, nested unknowns, escapes)', () => {
    const data = { inputImages: [1, 2, 3, 4].map((i) => inputImage(i)), pagination: { page: 1, limit: 50, total: 4, totalPages: 1 } };
    expect(JSON.parse(compile(inputImagesResponseSchema)(data))).toEqual(zodReply(inputImagesResponseSchema, data));
  });

  it('leaves out fields the schema does not declare (no row internals leak)', () => {
    const data = {
      inputImages: [inputImage(1, { userId: 99, originalKey: 'u/99/inputs/secret', deletedAt: null })],
      pagination: { page: 1, limit: 50, total: 1, totalPages: 1, internal: true },
    };
    const sent = JSON.parse(compile(inputImagesResponseSchema)(data));
    expect(sent.inputImages[0]).not.toHaveProperty('userId');
    expect(sent.inputImages[0]).not.toHaveProperty('originalKey');
    expect(sent.pagination).not.toHaveProperty('internal');
    expect(sent).toEqual(zodReply(inputImagesResponseSchema, data));
  });

  it('writes gallery pages, batch status and history (optional fields, nullable objects, records)', () => {
    const galleryImage = {
      id: 5,
      batchId: 2,
      moduleType: 'CREATE',
      operationType: null,
      variationNumber: 1,
      createdAt: '2026-01-02T03:04:05.000Z',
      width: null,
      height: 768,
      thumbnailUrl: '/api/files/t?exp=1&sig=ab',
      imageUrl: null,
      inputImageId: 3,
      baseImageId: null,
      prompt: 'a house',
      isPublic: false,
      publishedAt: null,
      publicUrl: null,
    };
    const gallery = { images: [galleryImage, { ...galleryImage, id: 6, status: 'COMPLETED' }], pagination: { page: 1, limit: 100, total: 2, totalPages: 1 } };
    const galleryJson = JSON.parse(compile(galleryImagesResponseSchema)(gallery));
    expect(galleryJson).toEqual(zodReply(galleryImagesResponseSchema, gallery));
    expect(galleryJson.images[0]).not.toHaveProperty('status');

    const image = { id: 1, url: null, thumbnailUrl: null, createdAt: '2026-01-02T03:04:05.000Z', variationNumber: 1, status: 'PROCESSING' };
    const status = { batchId: 2, status: 'PROCESSING', prompt: null, inputImageId: 3, totalVariations: 4, images: [image] };
    expect(JSON.parse(compile(batchStatusResponseSchema)(status))).toEqual(zodReply(batchStatusResponseSchema, status));

    const batch = { id: 2, batchId: 2, status: 'COMPLETED', runpodId: null, prompt: 'p', createdAt: '2026-01-02T03:04:05.000Z', inputImageId: null, totalVariations: 1, images: [image] };
    const history = {
      batches: [
        { ...batch, settings: { variations: 4, style: { walls: 'oak' } }, previewImage: image },
        { ...batch, id: 3, settings: null, previewImage: null },
      ],
      pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
    };
    expect(JSON.parse(compile(historyResponseSchema)(history))).toEqual(zodReply(historyResponseSchema, history));
  });

  it('writes error replies with and without their optional field', () => {
    const write = compile(imageErrorResponseSchema);
    expect(JSON.parse(write({ message: 'No file', code: 'NO_FILE', field: 'file', stack: 'x' }))).toEqual({ message: 'No file', code: 'NO_FILE', field: 'file' });
    expect(JSON.parse(write({ message: 'Nope', code: 'NOT_FOUND' }))).toEqual({ message: 'Nope', code: 'NOT_FOUND' });
  });

  it('refuses a reply that lacks a required field instead of sending it', () => {
    const data = { inputImages: [inputImage(1, { fileName: undefined })], pagination: { page: 1, limit: 50, total: 1, totalPages: 1 } };
    expect(() => compile(inputImagesResponseSchema)(data)).toThrow();
  });

  it('falls back to zod for schemas JSON Schema cannot express', () => {
    const transformed = z.object({ n: z.number().transform((n) => String(n * 2)) });
    expect(toResponseJsonSchema(transformed)).toBeNull();
    expect(JSON.parse(compile(transformed)({ n: 2 }))).toEqual({ n: '4' });
  });
});
