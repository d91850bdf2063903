import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { groupCategories } from '../../features/menu/group-categories';
import { useCategories } from '../../features/menu/use-categories';

/** The admin menu built from the server's categories for the signed-in user. */
export function AdminMenu() {
  const { t } = useTranslation();
  const categories = useCategories();
  if (!categories.data) return null;
  return (
    <nav aria-label={t('layout.menu')} className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-2">
        {groupCategories(categories.data.categories).map((group) => (
          <div key={group.name} className="flex flex-wrap items-center gap-2">
            <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.name}</span>
            {group.entries.map((entry) => (
              <NavLink
                key={entry._id}
                to={entry.path}
                end
                className={({ isActive }) =>
                  `rounded px-2 py-1 text-sm ${isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                {entry.name}
              </NavLink>
            ))}
          </div>
        ))}
      </div>
    </nav>
  );
}
