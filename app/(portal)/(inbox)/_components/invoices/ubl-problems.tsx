export type Problem = { field: string; message: string };

const LINE = /^(?:InvoiceLine|CreditNoteLine)\[(\d+)\](?:\/(.+))?$/;
const RULE = /\b((?:BR|PEPPOL-EN16931)-[A-Z0-9-]*\d)\b/;

/**
 * Where a problem is, in a supplier's words: the line of the file (its position, as their system wrote it)
 * or the document, and the UBL field to look at; the EN 16931 or Peppol rule when the message names one.
 */
export function describeProblem({ field, message }: Problem): { where: string; field: string | null; rule: string | null } {
  const rule = RULE.exec(message)?.[1] ?? null;
  const line = LINE.exec(field);
  if (line) return { where: `Line ${line[1]} of the file`, field: line[2] ?? null, rule };
  if (field === 'file') return { where: 'The file', field: null, rule };
  if (field === 'order') return { where: 'The order', field: null, rule };
  return { where: 'The document', field, rule };
}

/** Every problem the portal found, one per item, so a supplier can fix their system's output in one go. */
export function UblProblems({ problems }: { problems: Problem[] }) {
  if (!problems.length) return null;
  return (
    <section className="ubl-problems" aria-labelledby="ubl-problems-title">
      <h3 id="ubl-problems-title" className="ubl-problems__title">
        {problems.length === 1 ? 'One problem' : `${problems.length} problems`} in the file
      </h3>
      <ul className="ubl-problems__list">
        {problems.map((problem, i) => {
          const { where, field, rule } = describeProblem(problem);
          return (
            <li key={`${problem.field}-${i}`} className="ubl-problems__item">
              <span className="ubl-problems__where">
                {where}
                {field ? (
                  <>
                    {' · '}
                    <code>{field}</code>
                  </>
                ) : null}
                {rule ? <span className="badge badge--danger">{rule}</span> : null}
              </span>
              <span>{problem.message}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
