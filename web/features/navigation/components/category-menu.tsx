import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CategoryTree } from '../../../../common/schemas/catalog';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useCategoryTree } from '../api/get-category-tree';
import {
  categorySearchPath,
  childNames,
  hasChildren,
  isSearchable,
  shouldOpenSubmenuLeft,
} from '../lib/category-tree';
import { CLOSE_NAVBAR_CATEGORIES_EVENT, NAV_TEXTS } from '../texts';

/** One step of the expanded path, and which side its submenu opens on. */
interface OpenLevel {
  name: string;
  openLeft: boolean;
}

/**
 * The category menu (SPEC.md §4). One expanded path is kept: a row's arrow expands that branch, and
 * clicking it again collapses back to its parent. Choosing a row searches by the chosen levels, collapses
 * the menu and announces close-navbar-categories. On wide screens submenus cascade to the side (to the
 * left near the window's right edge); on narrow screens they stack as an accordion.
 */
export function CategoryMenu() {
  const { data, isPending, isError } = useCategoryTree();
  const [open, setOpen] = useState<OpenLevel[]>([]);
  const baseId = useId();

  if (isPending) {
    return (
      <p role="status" className="px-4 py-3 text-sm text-stone-600">
        {NAV_TEXTS.categoriesLoading}
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="px-4 py-3 text-sm font-medium text-red-800">
        {NAV_TEXTS.categoriesError}
      </p>
    );
  }

  function toggle(path: string[], row: HTMLElement) {
    const depth = path.length - 1;
    const name = path[depth] as string;
    if (open[depth]?.name === name) {
      setOpen(open.slice(0, depth));
      return;
    }
    // Once a submenu has flipped left, deeper ones keep going left rather than cover their parent.
    const openLeft =
      (open[depth - 1]?.openLeft ?? false) ||
      shouldOpenSubmenuLeft(row.getBoundingClientRect().right, window.innerWidth);
    setOpen([...open.slice(0, depth), { name, openLeft }]);
  }

  function chosen() {
    setOpen([]);
    window.dispatchEvent(new Event(CLOSE_NAVBAR_CATEGORIES_EVENT));
  }

  function renderLevel(tree: CategoryTree, path: string[]) {
    const depth = path.length;
    return (
      <ul className={depth === 0 ? 'py-1' : 'category-submenu py-1'}>
        {childNames(tree, path).map((name, index) => {
          const rowPath = [...path, name];
          const level = open[depth];
          const expanded = level?.name === name;
          const branch = hasChildren(tree, rowPath);
          const submenuId = `${baseId}-${depth}-${index}`;
          const rowClass = expanded ? 'bg-brand-50 text-brand-800' : 'text-stone-800 hover:bg-stone-50';
          return (
            <li key={name} className="relative">
              <div className={`flex min-h-11 items-stretch rounded-lg ${rowClass}`}>
                {isSearchable(rowPath) ? (
                  <Link
                    to={categorySearchPath(rowPath)}
                    onClick={chosen}
                    className="flex flex-1 items-center rounded-lg px-3 py-2 text-[15px] hover:text-brand-700"
                  >
                    {name}
                  </Link>
                ) : (
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={submenuId}
                    onClick={(event) => toggle(rowPath, event.currentTarget.closest('li') as HTMLElement)}
                    className="flex flex-1 items-center rounded-lg px-3 py-2 text-left text-[15px] hover:text-brand-700"
                  >
                    {name}
                  </button>
                )}
                {branch && (
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={submenuId}
                    aria-label={`${name} subcategories`}
                    onClick={(event) => toggle(rowPath, event.currentTarget.closest('li') as HTMLElement)}
                    className="inline-flex w-11 shrink-0 items-center justify-center rounded-lg text-stone-500 hover:bg-brand-100 hover:text-brand-700"
                  >
                    <ChevronRightIcon
                      className={`size-4 transition-transform ${expanded ? 'rotate-90 lg:rotate-0' : ''} ${
                        expanded && level.openLeft ? 'lg:rotate-180' : ''
                      }`}
                    />
                  </button>
                )}
              </div>
              {expanded && branch && (
                <div
                  id={submenuId}
                  data-side={level.openLeft ? 'left' : 'right'}
                  className={`category-submenu-panel ${level.openLeft ? 'lg:right-full lg:mr-1' : 'lg:left-full lg:ml-1'}`}
                >
                  {renderLevel(tree, rowPath)}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <nav aria-label={NAV_TEXTS.categories} className="p-1.5">
      {renderLevel(data, [])}
    </nav>
  );
}
