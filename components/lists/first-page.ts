import type { z } from 'zod';
import type { Query } from '@/lib/client/api';
import { listQuery, loadListState, type FilterParsers, type ListSpec } from './list-spec';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The first page a list's address asks for, rendered by its server page (docs/architecture.md, "The
 * client side"): the state read with the browser's own parsers, turned into the API's query, checked by
 * the API's own schema and answered by the domain. Undefined when the API would refuse that address; the
 * browser then asks and shows the refusal. `defaults` are query values the screen sends unless the
 * address says otherwise.
 */
export async function firstPage<Filters extends FilterParsers, Sort extends string, Input, Answer>(
  spec: ListSpec<never, unknown, Filters, Sort>,
  searchParams: SearchParams,
  schema: z.ZodType<Input>,
  answer: (query: Input) => Promise<Answer>,
  defaults: Query = {},
): Promise<Answer | undefined> {
  const parsed = schema.safeParse({ ...defaults, ...listQuery(spec, await loadListState(spec, searchParams)) });
  return parsed.success ? answer(parsed.data) : undefined;
}

/** A value's type once sent as JSON: dates become strings (arrays and tuples keep their shape). */
export type Answered<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Answered<T[K]> } : T;

/** A value as the API sends it, so a first page rendered by the server reads like every later one. */
export function asAnswered<T>(value: T): Answered<T> {
  return JSON.parse(JSON.stringify(value)) as Answered<T>;
}
