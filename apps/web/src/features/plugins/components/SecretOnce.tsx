import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/Button';

/** A key or secret shown once after it is made: copy it now, then dismiss it for good. */
export function SecretOnce({ label, value, note, onDone }: { label: string; value: string; note: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(`${label} copied`);
    } catch {
      toast.error('Could not copy: select the text and copy it yourself');
    }
  };
  return (
    <div role="status" className="rounded-xl border border-brand-200 bg-brand-50/60 p-4">
      <p className="text-sm font-medium text-stone-900">{note}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label={label}
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-[13px] text-stone-800 sm:w-auto sm:flex-1"
        />
        <Button icon={copied ? <Check className="size-4" /> : <Copy className="size-4" />} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
