/**
 * `fields=` and `expand=`: fields keeps only the listed keys, then each
 * expand name that is still present is replaced by its nested object. Unknown names are ignored.
 */

export interface ShapeQuery {
  fields: string[] | null;
  expand: string[];
}

export type Expanders = Record<string, (value: unknown) => unknown>;

const list = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

export function readShape(query: URLSearchParams): ShapeQuery {
  const fields = list(query.get('fields'));
  return { fields: fields.length > 0 ? fields : null, expand: list(query.get('expand')) };
}

/** Create/update responses ignore both parameters. */
export const plainShape: ShapeQuery = { fields: null, expand: [] };

export function shape(object: Record<string, unknown>, query: ShapeQuery, expanders: Expanders): Record<string, unknown> {
  const kept = query.fields ? Object.fromEntries(Object.entries(object).filter(([key]) => query.fields?.includes(key))) : { ...object };
  for (const name of query.expand) {
    const expand = expanders[name];
    if (expand && name in kept) kept[name] = expand(kept[name]);
  }
  return kept;
}
