import { MASK_MESSAGES, PLUGIN_MESSAGES, PUSH_VIEW_FIELDS, viewSourceSchema, type PushedView } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { uploadInputImage, type UploadPasses } from '../images/index.js';
import { listRegionsForPrompt } from '../masks/index.js';
import { assertStorageRoom } from '../storage-quota/index.js';

export interface PushViewForm {
  view: { bytes: Buffer; filename: string } | null;
  idPass: Buffer | null;
  passes: UploadPasses | undefined;
  fields: Record<string, string>;
}

const refuse = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', message, { field });

/** The text fields, checked before anything is stored. */
function readViewFields(fields: Record<string, string>, hasIdPass: boolean) {
  const source = viewSourceSchema.safeParse((fields[PUSH_VIEW_FIELDS.source] ?? '').trim() || 'webhook');
  if (!source.success) throw refuse(PUSH_VIEW_FIELDS.source, PLUGIN_MESSAGES.viewSource);
  const name = fields[PUSH_VIEW_FIELDS.name]?.trim() || undefined;
  if (name && name.length > 120) throw refuse(PUSH_VIEW_FIELDS.name, PLUGIN_MESSAGES.viewName);
  const prompt = fields[PUSH_VIEW_FIELDS.prompt]?.trim() || undefined;
  if (prompt && prompt.length > 2000) throw refuse(PUSH_VIEW_FIELDS.prompt, PLUGIN_MESSAGES.viewPrompt);
  const set = fields[PUSH_VIEW_FIELDS.set]?.trim() || undefined;
  if (set && set.length > 120) throw refuse(PUSH_VIEW_FIELDS.set, 'set must be at most 120 characters');
  const materials = fields[PUSH_VIEW_FIELDS.materials];
  if (materials !== undefined && !hasIdPass) throw refuse(PUSH_VIEW_FIELDS.materials, MASK_MESSAGES.materialsWithoutIdPass);
  return { source: source.data, name, prompt, materials, set };
}

/**
 * A view pushed by a plugin (Revit, SketchUp, Rhino, Archicad, Blender, a webhook or the CLI):
 * stored as a Create input image named after the camera, with its ID pass made into named
 * regions and prompt (the upload's own check-then-store, so a refusal stores nothing), and the deep link
 * that opens Create on it with the prompt modal.
 */
export async function pushView(ctx: AppContext, userId: number, form: PushViewForm): Promise<PushedView> {
  if (!form.view) throw refuse(PUSH_VIEW_FIELDS.view, PLUGIN_MESSAGES.viewMissing);
  const { source, name, prompt, materials, set } = readViewFields(form.fields, form.idPass !== null);
  const passBytes = (form.passes?.depth?.length ?? 0) + (form.passes?.normal?.length ?? 0);
  await assertStorageRoom(ctx, userId, form.view.bytes.length + (form.idPass?.length ?? 0) + passBytes);
  const row = await uploadInputImage(ctx, {
    userId,
    bytes: form.view.bytes,
    fileName: name ?? form.view.filename,
    uploadSource: 'CREATE_MODULE',
    // Stored with the row, not written after it: no second step that could fail once the image is kept.
    generatedPrompt: prompt ?? null,
    viewSet: set ?? null,
    regions: form.idPass ? { idPass: form.idPass, materials } : undefined,
    passes: form.passes,
  });
  const regions = form.idPass ? await listRegionsForPrompt(ctx, userId, row.id) : [];
  const link = new URL('/create', `${ctx.config.publicUrl}/`);
  link.search = new URLSearchParams({ imageId: String(row.id), source, showMasks: 'true' }).toString();
  return {
    inputImageId: row.id,
    regions: regions.map((r) => ({ id: r.id, name: r.customText ?? r.label, area: r.area })),
    url: link.toString(),
    set: set ?? null,
  };
}

