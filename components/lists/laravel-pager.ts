/** The address of another page of a list whose filters are in the query string. */
export function hrefWithPage(path: string, params: Record<string, string | undefined>, page: number): string {
  const query = new URLSearchParams(Object.entries({ ...params, page: String(page) }).filter((e): e is [string, string] => Boolean(e[1])));
  return `${path}?${query}`;
}
