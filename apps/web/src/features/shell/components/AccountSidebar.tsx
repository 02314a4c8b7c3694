import clsx from 'clsx';
import { NavLink } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { ACCOUNT_NAV, OPERATOR_NAV } from './navItems';

/** Account pages' sidebar: labels from 1024 px, icons only below; operators also get the console. */
export function AccountSidebar() {
  const isOperator = useAppSelector((s) => s.auth.user?.isOperator === true);
  const groups = isOperator ? [...ACCOUNT_NAV, OPERATOR_NAV] : ACCOUNT_NAV;
  return (
    <nav aria-label="Account" className="flex w-16 shrink-0 flex-col gap-6 overflow-y-auto border-r border-stone-200 bg-white px-2 py-6 lg:w-64 lg:px-4">
      {groups.map((group, index) => (
        <div key={group.title} className={clsx(index > 0 && 'border-t border-stone-100 pt-6 lg:border-t-0 lg:pt-0')}>
          <p className="mb-2 hidden px-3 text-[11px] font-semibold tracking-wider text-stone-400 uppercase lg:block">{group.title}</p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  title={label}
                  className={({ isActive }) =>
                    clsx(
                      'group flex h-9 items-center justify-center gap-3 rounded-lg px-3 text-sm transition-colors lg:justify-start',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                      isActive
                        ? 'bg-brand-50 font-medium text-brand-800'
                        : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <Icon
                        className={clsx('size-[18px] shrink-0', isActive ? 'text-brand-600' : 'text-stone-400 group-hover:text-stone-600')}
                        aria-hidden
                      />
                      <span className="sr-only lg:not-sr-only">{label}</span>
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
