import { Coins } from 'lucide-react';
import { AccountPagePlaceholder } from '../shell/components/AccountPagePlaceholder';

export function CreditsPage() {
  return (
    <AccountPagePlaceholder title="Buy Extra Credits" description="Top up your balance without changing plan." icon={Coins}>
      Credit packs you buy here are added to your balance and kept when your plan renews.
    </AccountPagePlaceholder>
  );
}
