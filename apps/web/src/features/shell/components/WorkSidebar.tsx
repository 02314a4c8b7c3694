import clsx from 'clsx';
import { NavLink, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { setGalleryMode } from '../../gallery';
import { workLinkFor } from '../lib/workLink';
import { WORK_NAV } from './navItems';

const itemClasses = (active: boolean) =>
  clsx(
    'flex w-full flex-col items-center gap-1 rounded-xl px-1 py-2.5 text-[11px] font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
    active ? 'bg-brand-50 text-brand-800' : 'text-stone-500 hover:bg-stone-100 hover:text-stone-900',
  );

/**
 * The module rail. On the gallery page (or with the gallery modal open) the module entries
 * switch the gallery mode instead of navigating (spec §2).
 */
export function WorkSidebar() {
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  const galleryOpen = useAppSelector((s) => s.galleryUi.isOpen);
  const galleryMode = useAppSelector((s) => s.galleryUi.mode);
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const inGallery = pathname === '/gallery' || galleryOpen;

  const items = isAuthenticated ? WORK_NAV : WORK_NAV.filter((item) => item.to === '/explore');

  return (
    <nav aria-label="Workspace" className="flex w-[84px] shrink-0 flex-col gap-1 overflow-y-auto border-r border-stone-200 bg-white px-2 py-4">
      {items.map(({ to, label, icon: Icon, galleryMode: mode }) => {
        const icon = <Icon className="size-5" aria-hidden />;
        if (inGallery && mode) {
          return (
            <button
              key={to}
              type="button"
              aria-pressed={galleryMode === mode}
              className={itemClasses(galleryMode === mode)}
              onClick={() => dispatch(setGalleryMode(mode))}
            >
              {icon}
              {label}
            </button>
          );
        }
        return (
          <NavLink key={to} to={workLinkFor(to, pathname, search)} className={({ isActive }) => itemClasses(isActive)}>
            {icon}
            {label}
          </NavLink>
        );
      })}
    </nav>
  );
}
