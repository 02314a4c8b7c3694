import { updateMemberRequestSchema } from '@atelier/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/api/http';
import { useUpdateTeamMemberMutation } from '../../../app/api/teams';
import { Button } from '../../../components/ui/Button';

/** A member's monthly credit cap, editable by owners and admins; empty means no cap. */
export function CapField({ teamId, userId, name, cap }: { teamId: number; userId: number; name: string; cap: number | null }) {
  const saved = cap === null ? '' : String(cap);
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateTeamMemberMutation();
  const dirty = value.trim() !== saved;

  const save = async () => {
    const text = value.trim();
    const parsed = updateMemberRequestSchema.safeParse({ monthlyCreditCap: text === '' ? null : Number(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a whole number of credits');
      return;
    }
    setError(null);
    try {
      await update({ teamId, userId, body: parsed.data }).unwrap();
      toast.success(text === '' ? `${name} has no monthly cap` : `${name}'s cap is ${text} credits a month`);
    } catch (err) {
      setError(errorMessage(err, 'Could not save the cap'));
    }
  };

  return (
    <form
      noValidate
      className="flex items-start gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label={`Monthly credit cap of ${name}`}
          aria-invalid={error ? true : undefined}
          placeholder="No cap"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={`h-8 w-24 rounded-lg border bg-white px-2.5 text-sm text-stone-900 tabular-nums placeholder:text-stone-400 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ${error ? 'border-red-400' : 'border-stone-300'}`}
        />
        {error ? (
          <p role="alert" className="mt-1 max-w-40 text-xs text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      {dirty ? (
        <Button type="submit" size="sm" variant="secondary" loading={isLoading}>
          Save
        </Button>
      ) : null}
    </form>
  );
}
