/** The site record is a singleton; its id is kept so PATCH /site-management/{id} can address it. */
export const siteKey = () => ({ pk: 'SITE', sk: 'SITE' });
