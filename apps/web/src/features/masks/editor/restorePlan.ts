/**
 * Undo in the region editor: before each edit the image's regions are kept (name and mask
 * file); undoing puts them back with the region calls. Regions the edit made are deleted,
 * regions it changed get their old mask (and name) again, regions it removed are added back.
 * Because the kept masks never overlapped, the server's no-overlap rule restores them exactly.
 */
export interface KeptRegion {
  id: number;
  name: string;
  /** The region's label as stored (the name the server has). */
  label: string;
  maskUrl: string;
  mask: Blob;
}

export interface CurrentRegion {
  id: number;
  label: string;
  maskUrl: string;
}

export interface RestorePlan {
  remove: number[];
  put: Array<{ id: number; mask?: Blob; name?: string }>;
  add: Array<{ mask: Blob; name: string }>;
}

export function planRestore(kept: KeptRegion[], current: CurrentRegion[]): RestorePlan {
  const keptIds = new Set(kept.map((k) => k.id));
  const now = new Map(current.map((c) => [c.id, c]));
  const plan: RestorePlan = { remove: current.filter((c) => !keptIds.has(c.id)).map((c) => c.id), put: [], add: [] };
  for (const k of kept) {
    const c = now.get(k.id);
    if (!c) {
      plan.add.push({ mask: k.mask, name: k.name });
      continue;
    }
    // Signed URLs differ by their signature; the file is the path.
    const mask = c.maskUrl.split('?')[0] !== k.maskUrl.split('?')[0] ? k.mask : undefined;
    const name = c.label !== k.label ? k.label : undefined;
    if (mask || name !== undefined) plan.put.push({ id: k.id, mask, name });
  }
  return plan;
}
