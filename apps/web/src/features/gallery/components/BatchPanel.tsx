import type { GalleryBatch } from '@atelier/contract';
import { Download, MousePointerClick, Sparkles, WandSparkles, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { dayHeading, dayKeyOf, timeOfDay } from '../lib/days';
import { downloadGalleryImage } from '../lib/imageActions';
import { useGalleryActions } from './galleryActionsContext';
import { IconAction } from './IconAction';
import { ImageTile } from './ImageTile';

const PANEL_WIDTH = 372;
const TILE = (PANEL_WIDTH - 40 - 10) / 2;

function settingRows(batch: GalleryBatch): Array<[string, string]> {
  const s = (batch.settings ?? {}) as Record<string, unknown>;
  const rows: Array<[string, string]> = [];
  const add = (label: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    rows.push([label, typeof value === 'string' ? value : JSON.stringify(value)]);
  };
  const style = s.selectedStyle ?? s.mode;
  add('Style', typeof style === 'string' ? style.charAt(0).toUpperCase() + style.slice(1) : style);
  add('Variations', s.variations ?? batch.totalVariations);
  add('Creativity', s.creativity);
  add('Expressivity', s.expressivity);
  add('Resemblance', s.resemblance);
  add('Operation', batch.operationType);
  add('Mask keyword', s.maskKeyword);
  add('Negative prompt', s.negativePrompt);
  return rows;
}

/** The side panel of the batch modes: the selected batch's prompt, settings, images and actions. */
export function BatchPanel({ batch, onClose }: { batch: GalleryBatch | null; onClose: () => void }) {
  const a = useGalleryActions();
  const [downloading, setDownloading] = useState(false);
  if (!batch) {
    return (
      <aside aria-label="Batch details" className="hidden w-[372px] shrink-0 border-l border-stone-200 bg-white lg:flex lg:flex-col lg:items-center lg:justify-center">
        <div className="max-w-60 px-6 text-center">
          <span className="mx-auto flex size-10 items-center justify-center rounded-xl bg-stone-100 text-stone-500">
            <MousePointerClick className="size-5" aria-hidden />
          </span>
          <p className="mt-4 text-sm font-medium text-stone-800">Select a batch</p>
          <p className="mt-1 text-[13px] leading-5 text-stone-500">Its prompt, settings and images appear here, ready to reuse.</p>
        </div>
      </aside>
    );
  }
  const isCreate = batch.moduleType === 'CREATE';
  const downloadAll = async () => {
    setDownloading(true);
    try {
      for (const image of batch.images) await downloadGalleryImage(image.id, image.imageUrl);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <aside aria-label="Batch details" className="flex w-[372px] shrink-0 flex-col border-l border-stone-200 bg-white">
      <div className="flex items-start gap-3 border-b border-stone-100 px-5 py-4">
        <div className="min-w-0 flex-1">
          <h3 className="flex items-center gap-2 text-[15px] font-semibold text-stone-900">
            {isCreate ? 'Create' : 'Tweak'} Batch {batch.id}
            {batch.operationType ? (
              <span className="rounded bg-brand-50 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-brand-700 uppercase ring-1 ring-brand-200 ring-inset">
                {batch.operationType}
              </span>
            ) : null}
          </h3>
          <p className="mt-0.5 text-xs text-stone-500">
            {dayHeading(dayKeyOf(batch.createdAt, a.timeZone), a.timeZone)} · {timeOfDay(batch.createdAt, a.timeZone)}
          </p>
        </div>
        <IconAction tone="plain" label="Close details" icon={X} onClick={onClose} tooltipSide="left" />
      </div>
      <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-5 py-5">
        <div className="grid grid-cols-2 gap-2.5">
          {batch.images.map((image) => (
            <ImageTile key={image.id} image={image} layout="square" height={TILE} />
          ))}
        </div>
        <section>
          <h4 className="text-[11px] font-semibold tracking-wider text-stone-500 uppercase">Prompt</h4>
          <p className="mt-2 rounded-lg bg-stone-50 px-3 py-2.5 text-[13px] leading-5 text-stone-700 ring-1 ring-stone-200/70 ring-inset">
            {batch.prompt || 'No prompt'}
          </p>
        </section>
        <section>
          <h4 className="text-[11px] font-semibold tracking-wider text-stone-500 uppercase">Settings</h4>
          <dl className="mt-2 divide-y divide-stone-100 text-[13px]">
            {settingRows(batch).map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 py-2">
                <dt className="text-stone-500">{label}</dt>
                <dd className="min-w-0 truncate text-right font-medium text-stone-800">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <div className="flex gap-2 border-t border-stone-100 px-5 py-4">
        {isCreate ? (
          <Button
            className="flex-1"
            icon={<Sparkles className="size-4" />}
            disabled={!batch.inputImageId}
            onClick={() => a.go(`/create?imageId=${batch.inputImageId}&fromBatch=${batch.id}`)}
          >
            Open in Create
          </Button>
        ) : (
          <Button className="flex-1" icon={<WandSparkles className="size-4" />} disabled={!batch.images[0]} onClick={() => batch.images[0] && a.sendToTweak(batch.images[0])}>
            Open in Tweak
          </Button>
        )}
        <Button variant="secondary" icon={<Download className="size-4" />} loading={downloading} onClick={() => void downloadAll()}>
          Download all
        </Button>
      </div>
    </aside>
  );
}
