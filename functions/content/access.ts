/**
 * What the delivery Lambda may read, by the partition keys' starts: its IAM policy allows GetItem, BatchGetItem
 * and Query only on items whose `pk` begins with one of these (dynamodb:LeadingKeys), on the table and no index,
 * and UpdateItem only on a content key's item (its last use). So even a bug in its code cannot read a user, a
 * session, a draft, an article's body or an unpublished change: the published projection (`PUB#`) holds what
 * readers may see. The title index's postings (`SRCH#CMS#…`) hold every article's title and list fields, whatever
 * its status: the search filters them to Published and shows only cards from the projection.
 */
export const DELIVERY_READ_PREFIXES = ['PUB#', 'APIKEY#', 'SRCH#CMS#', 'COUNT#SRCH#CMS#'] as const;

/** The items the delivery Lambda may write: a content key's last use. */
export const DELIVERY_WRITE_PREFIXES = ['APIKEY#'] as const;
