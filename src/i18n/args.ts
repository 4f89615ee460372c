/**
 * The arguments of an ICU message, read from its text by the type checker, so that
 * `t('task.added', { id })` with a missing or misspelt argument does not compile. It follows the
 * braces: `{name}` and `{name, type, …}` open an argument; inside a plural or select, each
 * `selector {…}` opens a branch whose text may hold arguments again. Quoted braces (`'{'`) are not
 * understood: catalogues write no literal braces (docs/i18n.md).
 */

type Brace = '{' | '}';

/** The text before the first brace, that brace and the rest; `done` when there is none. */
type NextBrace<S extends string> = S extends `${infer Before}{${infer After}`
  ? Before extends `${infer Head}}${infer Tail}`
    ? [Head, '}', `${Tail}{${After}`]
    : [Before, '{', After]
  : S extends `${infer Before}}${infer After}`
    ? [Before, '}', After]
    : 'done';

type Trim<S extends string> = S extends ` ${infer R}` | `\n${infer R}` ? Trim<R> : S extends `${infer R} ` | `${infer R}\n` ? Trim<R> : S;

/** `name, plural, one {…` → name and the kind of value it takes. */
type ArgumentAt<S extends string> = S extends `${infer Inside}}${string}`
  ? Inside extends `${infer Name},${infer Format}`
    ? [Trim<Name>, ValueOf<Trim<Format>>]
    : [Trim<Inside>, string | number]
  : never;

type ValueOf<Format extends string> = Format extends `plural${string}` | `selectordinal${string}` | `number${string}`
  ? number
  : Format extends `date${string}` | `time${string}`
    ? Date | number
    : Format extends `select${string}`
      ? string
      : string | number;

type Pop<Stack extends unknown[]> = Stack extends [...infer Rest, unknown] ? Rest : [];

/** Walks the braces; `Stack` holds 'arg' (inside an argument's options) or 'text' (inside a branch). */
type Walk<S extends string, Stack extends ('arg' | 'text')[], Found> =
  NextBrace<S> extends [string, infer B extends Brace, infer Rest extends string]
    ? B extends '{'
      ? Stack extends [...unknown[], 'arg']
        ? Walk<Rest, [...Stack, 'text'], Found>
        : Walk<Rest, [...Stack, 'arg'], Found | ArgumentAt<Rest>>
      : Walk<Rest, Pop<Stack>, Found>
    : Found;

type ToObject<Found> = [Found] extends [never] ? Record<never, never> : { [Pair in Found & [string, unknown] as Pair[0]]: Pair[1] };

/** The values an ICU message needs, as an object type (`{}` when it needs none). */
export type MessageArguments<Message extends string> = ToObject<Walk<Message, [], never>>;
