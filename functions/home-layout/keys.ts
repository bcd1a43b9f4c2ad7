/** The home-page layout: a singleton (CONTRACT.md §3 Layout for 'home'). */
export const HOME_LAYOUT_ID = 'home';
export const layoutKey = (id: string) => ({ pk: `LAYOUT#${id}`, sk: 'LAYOUT' });
