import toast from 'react-hot-toast';
import { MASK_MESSAGES, type MaskRegion } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import {
  useAddRegionMutation,
  useDeleteRegionMutation,
  useEditRegionMutation,
  useMergeRegionsMutation,
  useSplitRegionMutation,
} from '../../../app/api/masks';
import { regionName } from '../lib/regionDrafts';
import { getRegionEditor, setBusy, setSelection } from './regionEditorStore';
import { planRestore, type KeptRegion } from './restorePlan';
import { strokeMask, type StrokePoint } from './strokeMask';

/** The undo history of each image's region edits (the regions as they were before each edit). */
const history = new Map<number, KeptRegion[][]>();
const HISTORY_LIMIT = 20;

async function keep(regions: MaskRegion[]): Promise<KeptRegion[]> {
  return Promise.all(
    regions.map(async (r) => {
      const res = await fetch(r.maskUrl);
      if (!res.ok) throw new Error('A region mask did not load');
      return { id: r.id, name: regionName(r), label: r.label, maskUrl: r.maskUrl, mask: await res.blob() };
    }),
  );
}

/**
 * The region editor's edits, each stored at once and undoable: paint or erase a stroke, split
 * along a line, merge, rename, delete; undo puts the previous regions back.
 */
export function useRegionEdits(inputImageId: number | null, regions: MaskRegion[]) {
  const [editRegion] = useEditRegionMutation();
  const [mergeRegions] = useMergeRegionsMutation();
  const [splitRegion] = useSplitRegionMutation();
  const [deleteRegion] = useDeleteRegionMutation();
  const [addRegion] = useAddRegionMutation();

  /** Runs one edit: keeps the regions for undo first, one edit at a time, errors as a toast. */
  async function run(edit: () => Promise<unknown>, record = true): Promise<boolean> {
    if (inputImageId === null || getRegionEditor().busy) return false;
    setBusy(true);
    try {
      const before = record ? await keep(regions) : null;
      await edit();
      if (before) {
        const stack = history.get(inputImageId) ?? [];
        stack.push(before);
        if (stack.length > HISTORY_LIMIT) stack.shift();
        history.set(inputImageId, stack);
      }
      return true;
    } catch (error) {
      toast.error(errorMessage(error, MASK_MESSAGES.editFailed));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const id = inputImageId ?? 0;
  return {
    canUndo: (history.get(id)?.length ?? 0) > 0,
    stroke: (region: MaskRegion, points: StrokePoint[], brushFraction: number, mode: 'paint' | 'erase') =>
      run(async () => editRegion({ maskId: region.id, inputImageId: id, mask: await strokeMask(region.maskUrl, points, brushFraction, mode) }).unwrap()),
    split: (region: MaskRegion, points: StrokePoint[]) => run(() => splitRegion({ maskId: region.id, inputImageId: id, points }).unwrap()),
    merge: async (ids: number[]) => {
      if (await run(() => mergeRegions({ inputImageId: id, ids }).unwrap())) setSelection(ids.slice(0, 1));
    },
    rename: (region: MaskRegion, name: string) => run(() => editRegion({ maskId: region.id, inputImageId: id, name }).unwrap()),
    remove: async (region: MaskRegion) => {
      if (await run(() => deleteRegion({ maskId: region.id, inputImageId: id }).unwrap())) setSelection([]);
    },
    undo: () =>
      run(async () => {
        const stack = history.get(id);
        const before = stack?.pop();
        if (!before) return;
        const plan = planRestore(before, regions);
        for (const maskId of plan.remove) await deleteRegion({ maskId, inputImageId: id }).unwrap();
        for (const p of plan.put) await editRegion({ maskId: p.id, inputImageId: id, mask: p.mask, name: p.name }).unwrap();
        for (const a of plan.add) await addRegion({ inputImageId: id, mask: a.mask, name: a.name }).unwrap();
      }, false),
  };
}
