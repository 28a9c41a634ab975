import './change-lists.css';

/** A vendor in a change list: its code and name on one line, cut with an ellipsis, whole in the title. */
export function VendorCell({ vendor }: { vendor: { code: string; name: string } | null }) {
  if (!vendor) return <>—</>;
  const text = `${vendor.code} ${vendor.name}`;
  return (
    <span className="change-list__vendor" title={text}>
      {text}
    </span>
  );
}
