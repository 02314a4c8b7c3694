import clsx from 'clsx';
import { NavLink, Outlet } from 'react-router';
import { useGetAdminAccessQuery } from '../../../app/api/admin';
import { PageHeader } from '../../../components/ui/PageHeader';

const TABS = [
  { to: '/admin', label: 'Users', end: true },
  { to: '/admin/renders', label: 'Renders' },
  { to: '/admin/system', label: 'Queues & engine' },
  { to: '/admin/audit', label: 'Audit log' },
];

/** The console's frame: its title, the operator signed in, and its sections. */
export function AdminLayout() {
  const access = useGetAdminAccessQuery();
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <PageHeader title="Operator console" description={access.data ? `Signed in as ${access.data.email}. Every action here is written to the audit log.` : undefined} />
      <nav aria-label="Console sections" className="mt-6 flex gap-1 border-b border-stone-200">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              clsx(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-stone-500 hover:text-stone-800',
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
