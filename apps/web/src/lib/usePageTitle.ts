import { useEffect } from 'react';

/** Sets the tab title to '{title} · Atelier'. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Atelier` : 'Atelier';
  }, [title]);
}
