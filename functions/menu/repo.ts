/** DynamoDB access for menus, and the one-active-menu-per-name pointer. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Menu } from '../../shared/schemas/menu';
import { db, tableName } from '../lib/db/client';
import { counterUpdate } from '../lib/db/counters';
import { countedPage } from '../lib/db/paging';
import { deleteItem, getRecord, insertRecord, replaceRecord, type TransactItem } from '../lib/db/records';
import { activeMenuKey, MENU_ENTITY, MENUS_PARTITION, menuKey, menusByCreatedAt } from './keys';

/** A menu is stored as returned, but for its title (made from the name). */
export type MenuRecord = Omit<Menu, 'title'>;

/** The stored item, list keys included. */
export const menuItem = (m: MenuRecord) => ({ ...menuKey(m._id), ...menusByCreatedAt(m.createdAt, m._id), ...m });

export const getMenu = (id: string) => getRecord<MenuRecord>(menuKey(id), true);

export async function activeMenuId(name: string): Promise<string | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: activeMenuKey(name), ConsistentRead: true }),
  );
  return out.Item?.menuId as string | undefined;
}

export const listMenus = (page: number, limit: number) =>
  countedPage<MenuRecord>({ ...MENUS_PARTITION, counter: MENU_ENTITY }, page, limit);

export const insertMenu = (m: MenuRecord) =>
  insertRecord(menuItem(m), [counterUpdate(MENU_ENTITY, 'ALL', 1)], 'This menu already exists');

/**
 * Replaces the menu at `expectedVersion`. Turning it on makes it the name's active menu and turns the previous
 * one off (`previous`, read with its version); turning it off clears the pointer. One transaction.
 */
export function replaceMenu(
  next: MenuRecord,
  expectedVersion: number,
  activation?: { on: true; previous?: MenuRecord } | { on: false },
) {
  const also: TransactItem[] = [];
  if (activation?.on) {
    also.push({ Put: { TableName: tableName(), Item: { ...activeMenuKey(next.name), menuId: next._id } } });
    const previous = activation.previous;
    if (previous) {
      also.push({
        Put: {
          TableName: tableName(),
          Item: menuItem({ ...previous, active: false, updatedAt: next.updatedAt, version: previous.version + 1 }),
          ConditionExpression: '#version = :v',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':v': previous.version },
        },
      });
    }
  } else if (activation && !activation.on) {
    also.push(deleteItem(activeMenuKey(next.name)));
  }
  return replaceRecord(
    menuItem(next),
    expectedVersion,
    also,
    'Another menu was activated at the same time; reload and try again',
  );
}
