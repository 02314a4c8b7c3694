import { enhanceImage } from './enhance.js';
import { describeGeometry } from './geometry/report.js';
import { inpaintImage, outpaintImage } from './inpaint.js';
import { planeFromBytes, rgbFromBytes, rgbToBytes, type Rgb } from './pixels/image.js';
import { renderImage } from './render/pipeline.js';
import { regionMasks, segmentRegions } from './segment.js';
import type { RawRgb, SegmentResult, Task, TaskResult } from './tasks.js';
import { renderThumbnail } from './thumbnails.js';

/** The pixel worker: one task in, raw pixels (or regions) out. Runs in a piscina thread. */
export default async function run(task: Task): Promise<TaskResult> {
  const port = task.port;
  const progress = (p: number) => port?.postMessage(Math.max(0, Math.min(100, Math.round(p))));
  try {
    return execute(task, progress);
  } finally {
    port?.close();
  }
}

function toRaw(img: Rgb): RawRgb {
  return { data: rgbToBytes(img), width: img.w, height: img.h };
}

function execute(task: Task, progress: (p: number) => void): TaskResult {
  switch (task.op) {
    case 'render': {
      const img = rgbFromBytes(task.image.data, task.image.width, task.image.height);
      const masks = task.masks.map((m) => planeFromBytes(m, task.image.width, task.image.height));
      const notes: string[] = [];
      return { ...toRaw(renderImage(img, masks, task.params, progress, notes)), notes };
    }
    case 'segment': {
      const img = rgbFromBytes(task.image.data, task.image.width, task.image.height);
      progress(10);
      const seg = segmentRegions(img, { maxRegions: task.maxRegions, renderType: task.renderType });
      progress(80);
      const masks = regionMasks(seg);
      const out: SegmentResult = {
        width: seg.w,
        height: seg.h,
        regions: seg.regions.map((r, i) => ({ label: r.label, area: r.area, color: r.color, confidence: r.confidence, mask: masks[i] })),
      };
      return out;
    }
    case 'inpaint': {
      const img = rgbFromBytes(task.image.data, task.image.width, task.image.height);
      const mask = planeFromBytes(task.mask, task.image.width, task.image.height);
      for (let i = 0; i < mask.d.length; i++) mask.d[i] = mask.d[i] >= 0.5 ? 1 : 0;
      return toRaw(inpaintImage(img, mask, { seed: task.seed, progress }));
    }
    case 'outpaint': {
      const img = rgbFromBytes(task.image.data, task.image.width, task.image.height);
      return toRaw(outpaintImage(img, task.canvas, task.seed, progress));
    }
    case 'enhance': {
      const img = rgbFromBytes(task.image.data, task.image.width, task.image.height);
      return toRaw(enhanceImage(img, task.params, progress));
    }
    case 'thumbnail':
      return toRaw(renderThumbnail(task.spec, task.size));
    case 'geometry': {
      const img = rgbFromBytes(task.image.data, task.image.width, task.image.height);
      const regions = task.regions.map((r) => ({ kind: r.kind, mask: planeFromBytes(r.mask, task.image.width, task.image.height) }));
      return describeGeometry(img, regions, { realHeightCm: task.realHeightCm, passes: task.passes });
    }
  }
}
