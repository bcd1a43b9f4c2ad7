/** DynamoDB access for menus, and the one-active-menu-per-name pointer. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Menu } from '../../shared/schemas/menu';
import { db, tableName } from '../lib/db/client';
import { counterUpdate, queryPage, readCounter } from '../lib/db/paging';
import { deleteItem, insertRecord, replaceRecord, type TransactItem, withoutKeys } from '../lib/db/records';
import { activeMenuKey, MENU_ENTITY, MENUS_PARTITION, menuKey, menusByCreatedAt } from './keys';

/** A menu is stored as returned, but for its title (made from the name). */
export type MenuRecord = Omit<Menu, 'title'>;

const item = (m: MenuRecord) => ({ ...menuKey(m._id), ...menusByCreatedAt(m.createdAt, m._id), ...m });

export async function getMenu(id: string): Promise<MenuRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: menuKey(id), ConsistentRead: true }));
  return out.Item ? withoutKeys<MenuRecord>(out.Item) : undefined;
}

export async function activeMenuId(name: string): Promise<string | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: activeMenuKey(name), ConsistentRead: true }),
  );
  return out.Item?.menuId as string | undefined;
}

export async function listMenus(page: number, limit: number) {
  const [items, total] = await Promise.all([
    queryPage<Record<string, unknown>>(MENUS_PARTITION, page, limit),
    readCounter(MENU_ENTITY),
  ]);
  return { list: items.map((i) => withoutKeys<MenuRecord>(i)), total };
}

export const insertMenu = (m: MenuRecord) =>
  insertRecord(item(m), [counterUpdate(MENU_ENTITY, 'ALL', 1)], 'This menu already exists');

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
          Item: item({ ...previous, active: false, updatedAt: next.updatedAt, version: previous.version + 1 }),
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
    item(next),
    expectedVersion,
    also,
    'Another menu was activated at the same time; reload and try again',
  );
}
