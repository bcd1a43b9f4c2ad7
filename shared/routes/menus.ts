/** Menus. */
import type { ListPage } from '../schemas/common';
import { pagingQuery } from '../schemas/list-query';
import { type Menu, type MenuRow, menuSchema, menuUpdateSchema } from '../schemas/menu';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, recordRoutes, returns } from './kit';
import { trashRoutes } from './trash';

const menu = recordRoutes('menu', 'Menu');

export const MENU_ROUTES = [
  menu.list('/menu', 'List menus', pagingQuery(), returns<ListPage<MenuRow>>()),
  menu.one('/menu/{id}', 'One menu', returns<Menu>()),
  menu.create('/menu/create', 'Create a menu', menuSchema, returns<Menu>()),
  menu.update('/menu/{id}', 'Update a menu', menuUpdateSchema, returns<Menu>()),
  ...trashRoutes(TRASHABLE_RESOURCES.menu),
] as const satisfies readonly ApiRoute[];
