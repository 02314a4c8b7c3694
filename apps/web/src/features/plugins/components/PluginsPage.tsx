import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ApiKeysCard } from './ApiKeysCard';
import { BlenderAddonCard, PushViewGuide } from './PushViewGuide';
import { WebhooksCard } from './WebhooksCard';

/** /plugins: API keys, webhooks, the Blender add-on and how to push a view. */
export function PluginsPage() {
  usePageTitle('Plugins');
  return (
    <>
      <PageHeader title="Plugins" description="Send views from your modelling tool, and hear when renders finish." />
      <div className="flex flex-col gap-6">
        <ApiKeysCard />
        <PushViewGuide />
        <BlenderAddonCard />
        <WebhooksCard />
      </div>
    </>
  );
}
