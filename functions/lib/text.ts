/** What list searches compare: lower case without accents, on both the stored title and the query. */
export const searchable = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
