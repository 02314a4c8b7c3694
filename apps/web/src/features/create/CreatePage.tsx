import { Sparkles } from 'lucide-react';
import { ModulePlaceholder } from '../shell/components/ModulePlaceholder';

export function CreatePage() {
  return (
    <ModulePlaceholder title="Create" icon={Sparkles}>
      Upload a model view, sketch or photo and render exterior, interior, aerial or elevation variations with a style,
      sliders and material prompts per region.
    </ModulePlaceholder>
  );
}
