/** Menus. */
import type { ListPage } from '../schemas/common';
import { pagingQuery } from '../schemas/list-query';
import { type Menu, type MenuRow, menuSchema, menuUpdateSchema } from '../schemas/menu';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, lambdaRoutes, need, returns } from './kit';
import { trashRoutes } from './trash';

const menu = lambdaRoutes('menu');

export const MENU_ROUTES = [
  menu.get('/menu', need('Menu', 'Read'), 'List menus', { query: pagingQuery(), result: returns<ListPage<MenuRow>>() }),
  menu.get('/menu/{id}', need('Menu', 'Read', 'Edit'), 'One menu', { result: returns<Menu>() }),
  menu.post('/menu/create', need('Menu', 'Write'), 'Create a menu', { body: menuSchema, result: returns<Menu>() }),
  menu.patch('/menu/{id}', need('Menu', 'Edit'), 'Update a menu', { body: menuUpdateSchema, result: returns<Menu>() }),
  ...trashRoutes(TRASHABLE_RESOURCES.menu),
] as const satisfies readonly ApiRoute[];
