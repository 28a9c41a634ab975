/**
 * A small spinner with text, announced politely. When idle, the live region keeps `idle` for screen readers
 * only (a list's result count), so the end of a load is announced as well as its start.
 */
export function LoadingIndicator({ active, label = 'Loading…', idle }: { active: boolean; label?: string; idle?: string }) {
  return (
    <span className="list-loading" role="status" aria-live="polite">
      {active ? (
        <>
          <span className="inbox-spinner" aria-hidden="true" />
          {label}
        </>
      ) : idle ? (
        <span className="visually-hidden">{idle}</span>
      ) : null}
    </span>
  );
}
