/** A DynamoDB condition or filter expression with its names and values (a Query's filter, a write's guard). */
export interface ItemFilter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}
