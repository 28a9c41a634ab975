/** A small spinner with text, announced politely; renders an empty live region when idle. */
export function LoadingIndicator({ active, label = 'Loading…' }: { active: boolean; label?: string }) {
  return (
    <span className="list-loading" role="status" aria-live="polite">
      {active ? (
        <>
          <span className="inbox-spinner" aria-hidden="true" />
          {label}
        </>
      ) : null}
    </span>
  );
}
