import { describe, expect, it } from 'vitest';
import { type MenuItem, menuTreeProblem } from '../../shared/schemas/menu';
import {
  addItem,
  MAX_DEPTH,
  moveItem,
  normalizeItems,
  project,
  removeItem,
  setExpanded,
  visibleNodes,
  withDepths,
} from '../../web/src/menus/menu-tree';

const INDENT = 32;

const item = (itemId: string, parent: string | null = null, expanded = true): MenuItem => ({
  itemId,
  title: itemId,
  url: `/${itemId}`,
  parent,
  menuType: 'category',
  expanded,
});

/** 'a, b>a, c' style: each id, with its parent after '>'. */
const shape = (items: readonly MenuItem[]) =>
  items.map((i) => (i.parent ? `${i.itemId}>${i.parent}` : i.itemId)).join(', ');

/** Drops `active` over `over` having moved `dx` pixels sideways, as the editor does. */
function drop(items: MenuItem[], active: string, over: string, dx = 0): MenuItem[] {
  const rows = visibleNodes(withDepths(items), active);
  const projection = project(rows, active, over, dx, INDENT);
  if (!projection) throw new Error('no projection');
  return moveItem(items, active, over, projection);
}

// home; news (india (delhi), world); sports
const MENU: MenuItem[] = [
  item('home'),
  item('news'),
  item('india', 'news'),
  item('delhi', 'india'),
  item('world', 'news'),
  item('sports'),
];

describe('menu tree: depths and visible rows', () => {
  it('reads depth, descendants and height from the flat list', () => {
    const nodes = withDepths(MENU);
    expect(nodes.map((n) => [n.itemId, n.depth, n.descendants, n.height])).toEqual([
      ['home', 0, 0, 0],
      ['news', 0, 3, 2],
      ['india', 1, 1, 1],
      ['delhi', 2, 0, 0],
      ['world', 1, 0, 0],
      ['sports', 0, 0, 0],
    ]);
  });

  it('hides the children of collapsed items and of the item being dragged', () => {
    const collapsed = setExpanded(MENU, 'india', false);
    expect(visibleNodes(withDepths(collapsed)).map((n) => n.itemId)).toEqual([
      'home',
      'news',
      'india',
      'world',
      'sports',
    ]);
    expect(visibleNodes(withDepths(MENU), 'news').map((n) => n.itemId)).toEqual(['home', 'news', 'sports']);
  });

  it('makes an item whose parent is missing or comes later a root', () => {
    expect(shape(normalizeItems([item('a', 'ghost'), item('b', 'c'), item('c')]))).toBe('a, b, c');
  });
});

describe('menu tree: dragging', () => {
  it('reorders siblings, carrying the children along', () => {
    expect(shape(drop(MENU, 'sports', 'home'))).toBe('sports, home, news, india>news, delhi>india, world>news');
    expect(shape(drop(MENU, 'news', 'sports'))).toBe('home, sports, news, india>news, delhi>india, world>news');
  });

  it('nests an item under the one above when dragged one indent to the right', () => {
    expect(shape(drop(MENU, 'home', 'home', INDENT))).toBe(shape(MENU)); // nothing above: stays a root
    expect(shape(drop(MENU, 'sports', 'sports', INDENT))).toBe(
      'home, news, india>news, delhi>india, world>news, sports>news',
    );
    expect(shape(drop(MENU, 'sports', 'sports', 2 * INDENT))).toBe(
      'home, news, india>news, delhi>india, world>news, sports>world',
    );
  });

  it('moves an item out a level when dragged left', () => {
    expect(shape(drop(MENU, 'world', 'world', -INDENT))).toBe('home, news, india>news, delhi>india, world, sports');
  });

  it('keeps a following child with its parent: an item dropped between them must nest', () => {
    // Dropping home between news and india: india stays under news, so home becomes news's first child.
    expect(shape(drop(MENU, 'home', 'news'))).toBe('news, home>news, india>news, delhi>india, world>news, sports');
  });

  it(`never nests deeper than ${MAX_DEPTH + 1} levels`, () => {
    // delhi is at the deepest level: dragging sports right under it stops at delhi's depth.
    const rows = visibleNodes(withDepths(MENU), 'world');
    const projection = project(rows, 'world', 'world', 5 * INDENT, INDENT);
    expect(projection?.depth).toBe(MAX_DEPTH);
    expect(projection?.parent).toBe('india');
    // news has two levels under it: it cannot go under anything.
    const newsRows = visibleNodes(withDepths(MENU), 'news');
    expect(project(newsRows, 'news', 'sports', INDENT, INDENT)).toMatchObject({ depth: 0, maxDepth: 0 });
    // x has a child, so it cannot sit between b and b's child c (that place is at the deepest level).
    const menu = [item('a'), item('b', 'a'), item('c', 'b'), item('x'), item('y', 'x')];
    const xRows = visibleNodes(withDepths(menu), 'x');
    const blocked = project(xRows, 'x', 'c', 0, INDENT);
    if (!blocked) throw new Error('no projection');
    expect(blocked.allowed).toBe(false);
    expect(shape(moveItem(menu, 'x', 'c', blocked))).toBe(shape(menu));
    // Between a and b it fits, one level down.
    expect(shape(drop(menu, 'x', 'b'))).toBe('a, x>a, y>x, b>a, c>b');
  });

  it('drops after the hidden children of a collapsed item', () => {
    const collapsed = setExpanded(MENU, 'news', false);
    expect(shape(drop(collapsed, 'home', 'news'))).toBe('news, india>news, delhi>india, world>news, home, sports');
    expect(shape(drop(collapsed, 'home', 'news', INDENT))).toBe(
      'news, india>news, delhi>india, world>news, home>news, sports',
    );
  });

  it('always leaves a list the API accepts', () => {
    const ids = MENU.map((i) => i.itemId);
    for (const active of ids) {
      for (const over of ids) {
        for (const dx of [-2 * INDENT, -INDENT, 0, INDENT, 2 * INDENT, 3 * INDENT]) {
          const rows = visibleNodes(withDepths(MENU), active);
          if (!rows.some((r) => r.itemId === over)) continue;
          const result = drop(MENU, active, over, dx);
          expect(menuTreeProblem(result), `${active} over ${over} by ${dx}`).toBeUndefined();
          expect(result).toHaveLength(MENU.length);
        }
      }
    }
  });
});

describe('menu tree: adding and removing', () => {
  it('adds a category under its parent category when that is in the menu', () => {
    expect(shape(addItem(MENU, item('mumbai'), 'india'))).toBe(
      'home, news, india>news, delhi>india, mumbai>india, world>news, sports',
    );
    expect(shape(addItem(MENU, item('cricket'), 'sports'))).toBe(`${shape(MENU)}, cricket>sports`);
    expect(shape(addItem(MENU, item('tech'), null))).toBe(`${shape(MENU)}, tech`);
    expect(shape(addItem(MENU, item('x'), 'not-in-menu'))).toBe(`${shape(MENU)}, x`);
    // delhi is at the deepest level: its child goes to the end as a root.
    expect(shape(addItem(MENU, item('saket'), 'delhi'))).toBe(`${shape(MENU)}, saket`);
  });

  it('removes an item and lifts its children to its place', () => {
    expect(shape(removeItem(MENU, 'india'))).toBe('home, news, delhi>news, world>news, sports');
    expect(shape(removeItem(MENU, 'news'))).toBe('home, india, delhi>india, world, sports');
    expect(menuTreeProblem(removeItem(MENU, 'news'))).toBeUndefined();
  });
});
