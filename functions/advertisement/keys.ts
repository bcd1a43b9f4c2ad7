/** Keys of advertisements. */
export const AD_ENTITY = 'AD';
export const adKey = (id: string) => ({ pk: `AD#${id}`, sk: 'AD' });
/** gsi1: every ad, newest first. */
export const ADS_PARTITION = { index: 'gsi1', partition: 'AD' } as const;
export const adsByCreatedAt = (createdAt: string, id: string) => ({
  gsi1pk: ADS_PARTITION.partition,
  gsi1sk: `${createdAt}#${id}`,
});
/** gsi2: ads by end date: those still running or running on a day are a range of it (ends at or after the day). */
export const ADS_BY_END = { index: 'gsi2', partition: 'AD#END' } as const;
export const adsByEndDate = (endDate: string, id: string) => ({
  gsi2pk: ADS_BY_END.partition,
  gsi2sk: `${endDate}#${id}`,
});
