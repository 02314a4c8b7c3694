import { Alert } from '../../../components/ui/Alert';

/** What a screen that needs a plan puts in the navigation state when it sends the user here. */
export interface PlanRequiredState {
  planRequiredFor: string;
}

export const PLAN_REQUIRED_TITLE = 'Choose a plan to start creating';

export function isPlanRequiredState(state: unknown): state is PlanRequiredState {
  return !!state && typeof (state as PlanRequiredState).planRequiredFor === 'string';
}

/**
 * Arriving from Create, Tweak or Refine without a plan (e.g. right after verifying): says why the
 * plans are shown, and where the user goes once a plan is paid (useGoStraightOn makes it so).
 */
export function PlanRequiredNotice({ goesOnTo }: { goesOnTo: string | null }) {
  if (!goesOnTo) return null;
  return (
    <Alert tone="info" title={PLAN_REQUIRED_TITLE} className="mb-6">
      Create, Tweak and Upscale use monthly credits that come with a plan. Pick one below: once it is paid you go straight on to {goesOnTo}.
    </Alert>
  );
}
