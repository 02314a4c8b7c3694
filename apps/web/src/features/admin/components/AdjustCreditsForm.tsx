import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { adminCreditAdjustmentSchema } from '@atelier/contract';
import { useAdjustCreditsMutation } from '../../../app/api/admin';
import { errorMessage } from '../../../app/api/http';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { signedCredits } from '../adminFormat';

/** Adds (or, negative, removes) credits through the ledger; the reason is kept there and in the audit log. */
export function AdjustCreditsForm({ userId }: { userId: number }) {
  const [adjust, adjusting] = useAdjustCreditsMutation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminCreditAdjustmentSchema.safeParse({ amount: amount.trim() === '' ? undefined : Number(amount), reason });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'amount' | 'reason';
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    try {
      const r = await adjust({ id: userId, ...parsed.data }).unwrap();
      toast.success(`${signedCredits(r.applied)} credits: the balance is now ${r.balance}`);
      setAmount('');
      setReason('');
    } catch (error) {
      toast.error(errorMessage(error, 'The credits could not be adjusted. Try again.'));
    }
  };

  return (
    <Card className="p-6">
      <h3 className="text-sm font-semibold text-stone-900">Adjust credits</h3>
      <p className="mt-1 text-sm text-stone-500">A negative amount removes credits (never below zero). The change is written to the ledger like every other.</p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-wrap items-start gap-3" noValidate aria-label="Adjust credits">
        <TextField label="Amount" inputMode="numeric" placeholder="e.g. 20 or -5" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} className="w-36" />
        <TextField label="Reason" placeholder="e.g. Goodwill after the outage on 12 May" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} error={errors.reason} className="min-w-72 flex-1" />
        <Button type="submit" className="mt-[22px]" loading={adjusting.isLoading} disabled={adjusting.isLoading}>
          Apply
        </Button>
      </form>
    </Card>
  );
}
