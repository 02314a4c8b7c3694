import { Download, Terminal } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { buttonClasses } from '../../../components/ui/Button';
import { SectionTitle } from './pluginsUi';

/** The zip the Blender add-on is served as (built by the add-on's own script). */
const BLENDER_ADDON_URL = '/api/plugins/blender-addon.zip';

/** The curl and CLI examples, with this Atelier's own address. */
function pushViewExamples(origin: string) {
  return {
    curl: [
      `curl -H "Authorization: Bearer $ATELIER_KEY" \\`,
      `  -F view=@view.png -F idPass=@ids.png -F materials='{"#c8553d":"Brick"}' \\`,
      `  -F source=sketchup -F name="Camera 01" \\`,
      `  ${origin}/api/plugins/views`,
    ].join('\n'),
    cli: [`export ATELIER_URL=${origin}`, 'export ATELIER_KEY=atl_…', 'npx atelier push view.png --id-pass ids.png --materials map.json --source sketchup'].join('\n'),
  };
}

export function BlenderAddonCard() {
  return (
    <Card className="p-6">
      <SectionTitle icon={Download} title="Blender add-on">
        Sends the active camera's view, with a material ID pass so each material arrives as a named region. Install it in Blender under
        Edit › Preferences › Add-ons › Install, then paste an API key in its panel.
      </SectionTitle>
      <a href={BLENDER_ADDON_URL} download className={buttonClasses({ variant: 'secondary', className: 'mt-5' })}>
        <Download className="size-4" aria-hidden /> Download the Blender add-on
      </a>
    </Card>
  );
}

export function PushViewGuide() {
  const { curl, cli } = pushViewExamples(window.location.origin);
  return (
    <Card className="p-6">
      <SectionTitle icon={Terminal} title="How to push a view">
        Any tool that can save an image can send it. The reply's <code className="font-mono text-[13px]">url</code> opens Create on the
        view with the prompt ready; an optional ID pass (one flat colour per material) and a materials map name its regions.
      </SectionTitle>
      <h3 className="mt-5 text-[13px] font-medium text-stone-700">With curl</h3>
      <pre className="mt-2 overflow-x-auto rounded-lg bg-stone-900 px-4 py-3 font-mono text-[12.5px] leading-5 text-stone-100">{curl}</pre>
      <h3 className="mt-4 text-[13px] font-medium text-stone-700">With the atelier command</h3>
      <pre className="mt-2 overflow-x-auto rounded-lg bg-stone-900 px-4 py-3 font-mono text-[12.5px] leading-5 text-stone-100">{cli}</pre>
      <p className="mt-3 text-[13px] text-stone-500">
        Sources: revit, sketchup, rhino, archicad, blender or webhook. Every call is described under “Public API” in{' '}
        <a href="/api/docs" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          the API documentation
        </a>
        .
      </p>
    </Card>
  );
}
