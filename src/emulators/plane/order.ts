import { serverError } from './errors.js';

/**
 * `order_by` as Django applies it: a field name, `-` for descending, NULLs last ascending and first
 * descending (PostgreSQL). An unknown field fails in the ORM → 500 (inferred from Plane's code).
 */

export type SortKey = string | number | null;
export type SortKeys<Row> = Record<string, (row: Row) => SortKey>;

export function orderRows<Row>(rows: readonly Row[], orderBy: string, keys: SortKeys<Row>): Row[] {
  const descending = orderBy.startsWith('-');
  const keyOf = keys[descending ? orderBy.slice(1) : orderBy];
  if (!keyOf) throw serverError();
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    if (x === y) return 0;
    if (x === null) return direction;
    if (y === null) return -direction;
    return (x < y ? -1 : 1) * direction;
  });
}
