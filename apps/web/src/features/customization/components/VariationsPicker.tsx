import { GENERATION_LIMITS } from '@atelier/contract';
import { Segmented } from '../../../components/workspace/Segmented';

const COUNTS = Array.from(
  { length: GENERATION_LIMITS.variations.max - GENERATION_LIMITS.variations.min + 1 },
  (_, i) => GENERATION_LIMITS.variations.min + i,
);

/** How many variations a Create renders (1–4, one credit each). */
export function VariationsPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <Segmented
      label="Variations"
      note="1 credit each"
      options={COUNTS}
      value={value}
      onChange={onChange}
      format={(n) => String(n)}
      ariaLabel={(n) => `${n} variation${n === 1 ? '' : 's'}`}
    />
  );
}
