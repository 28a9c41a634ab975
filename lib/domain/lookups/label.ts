/** How a looked-up store, region, subsidiary or vendor reads in a look-up box: its code, then its name. */
export function lookupLabel(row: { code: string; name: string }): string {
  return `${row.code} ${row.name}`;
}
