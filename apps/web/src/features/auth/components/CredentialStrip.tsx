import clsx from 'clsx';
import { Award } from 'lucide-react';
import { PLUGIN_BRIDGE_TOOLS } from '@atelier/contract';
import { useGetSiteInfoQuery } from '../../../app/api/site';

const pill = 'inline-flex items-center gap-1.5 rounded-full border border-stone-200 bg-white px-3 py-1 text-xs font-medium text-stone-500';

/**
 * Under the sign-in card: the tools the plugin bridge brings views from, and the deployment's
 * credentials (CREDENTIALS in the server's config), shown only when some are configured.
 */
export function CredentialStrip({ className }: { className?: string }) {
  const credentials = useGetSiteInfoQuery().data?.credentials ?? [];
  return (
    <section aria-label="Integrations and credentials" className={clsx('text-center', className)}>
      <p className="text-[11px] font-semibold tracking-[0.14em] text-stone-400 uppercase">Views straight from</p>
      <ul className="mt-4 flex flex-wrap items-center justify-center gap-x-7 gap-y-3">
        {PLUGIN_BRIDGE_TOOLS.map((tool) => (
          <li key={tool} className="text-[15px] font-semibold tracking-tight text-stone-400 grayscale select-none">
            {tool}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-stone-400">or any modelling tool, as a JPG, PNG or WEBP export</p>
      {credentials.length > 0 ? (
        <ul aria-label="Credentials" className="mt-5 flex flex-wrap items-center justify-center gap-2.5">
          {credentials.map((c) => (
            <li key={c.label} className={pill}>
              <Award className="size-3.5 text-stone-400" aria-hidden />
              {c.url ? (
                <a href={c.url} target="_blank" rel="noopener noreferrer" className="hover:text-stone-700 hover:underline">
                  {c.label}
                </a>
              ) : (
                c.label
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
