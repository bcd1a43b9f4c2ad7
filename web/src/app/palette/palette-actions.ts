/**
 * What the command palette offers besides the article search: the sidebar's screens the user may use (visibleNav,
 * so palette and sidebar never disagree), the create screens their permissions open, their account, and the colour
 * theme. The model is plain data, so it is tested without a browser; CommandPalette draws it.
 */
import type { MantineColorScheme } from '@mantine/core';
import { type Icon, IconKey, IconLogout, IconPlus, IconUser } from '@tabler/icons-react';
import { type AccessSubject, RESOURCE_LABELS } from '../../../../shared/permissions';
import { COLOR_SCHEME_CHOICES } from '../color-scheme-choices';
import { isGroup, type NavLeaf, visibleNav } from '../nav';
import { APP_ROUTES, routeAt } from '../routes';
import { type AppRoute, canOpenRoute } from '../screen';

export type PaletteGroup = 'Go to' | 'Create' | 'Account' | 'Theme';

export type PaletteTarget =
  | { kind: 'screen'; to: string }
  | { kind: 'signOut' }
  | { kind: 'colorScheme'; scheme: MantineColorScheme };

export interface PaletteAction {
  /** Unique in the palette; also makes the option's DOM id. */
  id: string;
  group: PaletteGroup;
  label: string;
  /** Shown under the label: where the screen sits in the sidebar, or what the command does. */
  description?: string;
  /** Other words that find it, never shown (the screen's title, 'new' for a create screen). */
  keywords: readonly string[];
  icon?: Icon;
  target: PaletteTarget;
}

/** A form that makes a new record (createGate: Write, and nothing else) and needs no id in its path. */
export function isCreateRoute(route: AppRoute): boolean {
  return route.actions?.length === 1 && route.actions[0] === 'Write' && !route.path.includes(':');
}

const isCreatePath = (to: string) => {
  const route = routeAt(to);
  return route !== undefined && isCreateRoute(route);
};

/** The screen's own title and what the role screen calls its resource ('Epaper Management', 'Article'). */
function screenKeywords(leaf: NavLeaf): string[] {
  const route = routeAt(leaf.to);
  const resource = leaf.resource ?? route?.resource;
  const words = [route?.title, resource && RESOURCE_LABELS[resource]].filter((word): word is string => !!word);
  return [...new Set(words)].filter((word) => word !== leaf.label);
}

function screenAction(leaf: NavLeaf, where: string, fallbackIcon?: Icon): PaletteAction {
  const icon = leaf.icon ?? fallbackIcon;
  return {
    id: `go:${leaf.to}`,
    group: 'Go to',
    label: leaf.label,
    description: leaf.readOnly ? `${where} · read-only` : where,
    keywords: screenKeywords(leaf),
    ...(icon && { icon }),
    target: { kind: 'screen', to: leaf.to },
  };
}

/** The sidebar's links the user may use, each described by its section or group; create screens are left out. */
function goToActions(user: AccessSubject): PaletteAction[] {
  return visibleNav(user).flatMap((section) =>
    section.items.flatMap((item) =>
      isGroup(item)
        ? item.children
            .filter((leaf) => !isCreatePath(leaf.to))
            .map((leaf) => screenAction(leaf, item.label, item.icon))
        : isCreatePath(item.to)
          ? []
          : [screenAction(item, section.label)],
    ),
  );
}

/** Every create form the user may open, described by the list it belongs to ('Add Article' → Blog Management). */
function createActions(user: AccessSubject): PaletteAction[] {
  return APP_ROUTES.filter((route) => isCreateRoute(route) && canOpenRoute(user, route)).map((route) => ({
    id: `create:${route.path}`,
    group: 'Create',
    label: route.title,
    description: (route.backTo && routeAt(route.backTo)?.title) || undefined,
    keywords: ['new', 'create', 'add'],
    icon: IconPlus,
    target: { kind: 'screen', to: route.path },
  }));
}

function accountActions(user: AccessSubject): PaletteAction[] {
  const screens: Array<{ to: string; icon: Icon }> = [
    { to: '/profile', icon: IconUser },
    { to: '/change-password', icon: IconKey },
  ];
  const open = screens.flatMap(({ to, icon }) => {
    const route = routeAt(to);
    if (!route || !canOpenRoute(user, route)) return [];
    const action: PaletteAction = {
      id: `go:${to}`,
      group: 'Account',
      label: route.title,
      keywords: ['account'],
      icon,
      target: { kind: 'screen', to },
    };
    return [action];
  });
  return [
    ...open,
    {
      id: 'sign-out',
      group: 'Account',
      label: 'Sign out',
      description: 'End this session',
      keywords: ['log out', 'logout', 'account'],
      icon: IconLogout,
      target: { kind: 'signOut' },
    },
  ];
}

function themeActions(): PaletteAction[] {
  return COLOR_SCHEME_CHOICES.map(({ scheme, label, icon }) => ({
    id: `theme:${scheme}`,
    group: 'Theme',
    label: `${label} theme`,
    description: scheme === 'auto' ? 'Follow the device’s light or dark setting' : undefined,
    keywords: ['theme', 'colour', 'color', 'appearance', 'mode'],
    icon,
    target: { kind: 'colorScheme', scheme },
  }));
}

/** Everything the palette offers the user, in the order it is listed. */
export function paletteActions(user: AccessSubject | null | undefined): PaletteAction[] {
  if (!user) return [];
  return [...goToActions(user), ...createActions(user), ...accountActions(user), ...themeActions()];
}

/**
 * Text to compare in any script, whatever the case, the width of the letters and the marks inside a word
 * ('E-paper' is found by 'epaper').
 */
const folded = (text: string) =>
  text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[\p{Pd}\p{Pc}'’.]/gu, '');

/** 0: the label starts with the query; 1: a word of the label does; 2: it matches elsewhere. */
function rank(action: PaletteAction, query: string): number {
  const label = folded(action.label);
  if (label.startsWith(query)) return 0;
  return label.split(/\s+/).some((word) => word.startsWith(query)) ? 1 : 2;
}

/**
 * The actions whose label, description or keywords hold every word of the query, best first: a label that starts
 * with the query, then one with a word that does, then the rest, each in the palette's own order.
 */
export function filterPaletteActions(actions: readonly PaletteAction[], query: string): PaletteAction[] {
  const text = folded(query.trim());
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...actions];
  return actions
    .filter((action) => {
      const haystack = folded([action.label, action.description ?? '', ...action.keywords].join(' '));
      return words.every((word) => haystack.includes(word));
    })
    .map((action) => ({ action, rank: rank(action, text) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ action }) => action);
}

/** The actions in their groups, each group where its first (best) action stands, empty groups left out. */
export function groupPaletteActions(
  actions: readonly PaletteAction[],
): Array<{ group: PaletteGroup; actions: PaletteAction[] }> {
  const groups = new Map<PaletteGroup, PaletteAction[]>();
  for (const action of actions) {
    const inGroup = groups.get(action.group);
    if (inGroup) inGroup.push(action);
    else groups.set(action.group, [action]);
  }
  return [...groups].map(([group, inGroup]) => ({ group, actions: inGroup }));
}
