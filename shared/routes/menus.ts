/** Menus. */
import type { ListPage } from '../schemas/common';
import { pagingQuery } from '../schemas/list-query';
import { type Menu, type MenuRow, menuSchema, menuUpdateSchema } from '../schemas/menu';
import { type ApiRoute, need, returns } from './kit';

export const MENU_ROUTES = [
  {
    method: 'GET',
    path: '/menu',
    lambda: 'menu',
    access: need('Menu', 'Read'),
    summary: 'List menus',
    query: pagingQuery(),
    result: returns<ListPage<MenuRow>>(),
  },
  {
    method: 'GET',
    path: '/menu/{id}',
    lambda: 'menu',
    access: need('Menu', 'Read', 'Edit'),
    summary: 'One menu',
    result: returns<Menu>(),
  },
  {
    method: 'POST',
    path: '/menu/create',
    lambda: 'menu',
    access: need('Menu', 'Write'),
    summary: 'Create a menu',
    body: menuSchema,
    result: returns<Menu>(),
  },
  {
    method: 'PATCH',
    path: '/menu/{id}',
    lambda: 'menu',
    access: need('Menu', 'Edit'),
    summary: 'Update a menu',
    body: menuUpdateSchema,
    result: returns<Menu>(),
  },
] as const satisfies readonly ApiRoute[];
