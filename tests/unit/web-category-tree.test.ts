import { describe, expect, it } from 'vitest';
import type { CategoryNode, CategoryOption } from '../../web/src/categories/api';
import {
  categoryPath,
  duplicateNames,
  indexNodes,
  parentChoices,
  selfAndDescendants,
  toTreeData,
} from '../../web/src/categories/category-tree';

const option = (_id: string, name: string, parent: string | null = null): CategoryOption => ({
  _id,
  name,
  slug: name.toLowerCase(),
  parent,
  active: true,
});

const LIST = [
  option('d', 'Delhi', 'i'),
  option('i', 'India', 'n'),
  option('n', 'News'),
  option('s', 'Sports'),
  option('w', 'World', 'n'),
];

const node = (_id: string, name: string, children: CategoryNode[] = []): CategoryNode => ({
  _id,
  name,
  url: '',
  slug: name.toLowerCase(),
  description: '',
  parent: null,
  image: null,
  active: true,
  seo: { title: '', description: '', metaTags: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  children,
});

describe('category tree', () => {
  it('gives the tree component names as labels and ids as values, nested the same way', () => {
    const tree = [node('n', 'News', [node('i', 'India', [node('d', 'Delhi')])]), node('s', 'Sports')];
    expect(toTreeData(tree)).toEqual([
      {
        label: 'News',
        value: 'n',
        children: [{ label: 'India', value: 'i', children: [{ label: 'Delhi', value: 'd', children: [] }] }],
      },
      { label: 'Sports', value: 's', children: [] },
    ]);
    expect([...indexNodes(tree).keys()]).toEqual(['n', 'i', 'd', 's']);
  });

  it('names a category by its path from the root', () => {
    expect(categoryPath(LIST, 'd')).toBe('News / India / Delhi');
    expect(categoryPath(LIST, 's')).toBe('Sports');
    expect(categoryPath([option('a', 'A', 'b'), option('b', 'B', 'a')], 'a')).toBe('B / A'); // a cycle stops
  });

  it('never offers a category, or anything under it, as its own parent', () => {
    expect([...selfAndDescendants(LIST, 'n')].sort()).toEqual(['d', 'i', 'n', 'w']);
    expect(parentChoices(LIST, 'i').map((c) => c.label)).toEqual(['News', 'News / World', 'Sports']);
    expect(parentChoices(LIST).map((c) => c.label)).toEqual([
      'News',
      'News / India',
      'News / India / Delhi',
      'News / World',
      'Sports',
    ]);
  });
});

describe('duplicateNames', () => {
  it('groups siblings whose names differ only in case, accents or spaces, not cousins or Hindi vowel signs', () => {
    const list = [
      option('n', 'News'),
      option('p1', 'Politics', 'n'),
      option('p2', 'politics', 'n'),
      option('p3', ' Polítics ', 'n'),
      option('p4', 'Politics'),
      option('h1', 'राजनीति'),
      option('h2', 'राजनीत'),
    ];
    expect(duplicateNames(list)).toEqual([
      { key: expect.any(String), paths: ['News / Politics', 'News / politics', 'News /  Polítics '] },
    ]);
    expect(duplicateNames(list.filter((o) => o._id !== 'p2' && o._id !== 'p3'))).toEqual([]);
  });
});
