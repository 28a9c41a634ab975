/** A document undismissed or made outstanding here, and what was done (spec §4). */
export type Acted = { docno: string; message: string };

/** Spec §4: documents changed in this visit, listed apart from the table (which may no longer show them). */
export function ActedList({ acted }: { acted: readonly Acted[] }) {
  if (!acted.length) return null;
  return (
    <section aria-label="Documents changed here" className="history-acted">
      <h2>Changed in this visit</h2>
      <ul>
        {acted.map((d) => (
          <li key={d.docno}>{d.message}</li>
        ))}
      </ul>
    </section>
  );
}
