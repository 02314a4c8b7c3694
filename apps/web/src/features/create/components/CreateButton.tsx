import { GenerateButton } from '../../../components/workspace/GenerateButton';

/** The inspector's Create button with what it costs; disabled while a render runs. */
export function CreateButton({
  onCreate,
  disabled,
  submitting,
  generating,
  cost,
  credits,
  hasEnoughCredits,
}: {
  onCreate: () => void;
  disabled: boolean;
  submitting: boolean;
  generating: boolean;
  cost: number;
  credits: number | null;
  hasEnoughCredits: boolean;
}) {
  return (
    <GenerateButton
      label={generating ? 'Rendering…' : 'Create'}
      onClick={onCreate}
      disabled={disabled}
      loading={submitting || generating}
      cost={cost}
      credits={credits}
      hasEnoughCredits={hasEnoughCredits}
    />
  );
}
