import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_MENU_ITEMS, type MenuItem, menuSchema, menuTreeProblem } from '../../../shared/schemas/menu';
import type { CategoryOption } from '../categories/api';
import { notifyError, notifySuccess } from '../common/notify';
import { createMenu, type Menu, type MenuName, revalidateMenus, updateMenu } from './api';
import { addItem, normalizeItems, removeItem } from './menu-tree';

/** A custom link's item id (categories use their own id); randomUUID needs a secure context, hence the fallback. */
const customLinkId = () =>
  `custom-${globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`}`;

/**
 * The menu being edited: its name and items, the categories it holds, what adds and removes items, and Save (checked
 * against the menu schema and the tree's rules first).
 */
export function useMenuDraft(menu: Menu | undefined) {
  const navigate = useNavigate();
  const [name, setName] = useState<MenuName | null>(menu?.name ?? null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [items, setItems] = useState<MenuItem[]>(() => normalizeItems(menu?.items ?? []));
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const checked = useMemo(
    () => new Set(items.filter((item) => item.menuType === 'category').map((item) => item.itemId)),
    [items],
  );
  const full = items.length >= MAX_MENU_ITEMS;

  /** Checking a category adds it, under its parent category when that is in the menu; unchecking removes it. */
  const toggleCategory = (category: CategoryOption, on: boolean) => {
    if (!on) {
      setItems((current) => removeItem(current, category._id));
      return;
    }
    setItems((current) =>
      current.length >= MAX_MENU_ITEMS || current.some((item) => item.itemId === category._id)
        ? current
        : addItem(
            current,
            {
              itemId: category._id,
              title: category.name,
              url: `/${category.slug}`,
              menuType: 'category',
              expanded: true,
            },
            category.parent,
          ),
    );
  };

  const addLink = (title: string, url: string) => {
    if (full) return;
    setItems((current) =>
      addItem(current, { itemId: customLinkId(), title, url, menuType: 'custom', expanded: true }, null),
    );
  };

  const save = async () => {
    setFailure(null);
    const parsed = menuSchema.safeParse({ name: name ?? undefined, items });
    if (!parsed.success) {
      const nameIssue = parsed.error.issues.find((issue) => issue.path[0] === 'name');
      if (nameIssue) setNameError(nameIssue.message);
      else notifyError(parsed.error.issues[0]?.message ?? 'The menu is not valid', 'The menu was not saved');
      return;
    }
    const problem = menuTreeProblem(parsed.data.items);
    if (problem) {
      notifyError(problem, 'The menu was not saved');
      return;
    }
    setSaving(true);
    try {
      if (menu) {
        await updateMenu(menu._id, { version: menu.version, ...parsed.data });
      } else {
        await createMenu(parsed.data);
      }
      notifySuccess('Menu Updated Successfully');
      void revalidateMenus(menu?._id);
      navigate('/menu');
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const chooseName = (value: MenuName | null) => {
    setName(value);
    setNameError(null);
  };
  const removeFromMenu = (item: MenuItem) => setItems((current) => removeItem(current, item.itemId));

  return {
    ...{ name, nameError, chooseName, items, setItems, removeItem: removeFromMenu, failure, saving },
    ...{ checked, full, toggleCategory, addLink, save },
  };
}
