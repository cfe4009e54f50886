/**
 * The tabs over a staff queue, one per status (Reviews: pending, approved, rejected; Returns:
 * requested, approved, …): the chosen one is filled, and the row scrolls sideways on a phone.
 */
export function StatusTabs<Status extends string>({
  label,
  statuses,
  current,
  names,
  onSelect,
}: {
  label: string;
  statuses: readonly Status[];
  current: Status;
  names: Record<Status, string>;
  onSelect: (status: Status) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="mt-4 flex gap-2 overflow-x-auto">
      {statuses.map((status) => (
        <button
          key={status}
          type="button"
          role="tab"
          aria-selected={status === current}
          className={`shrink-0 rounded-full border px-4 py-2 text-sm font-medium ${
            status === current
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-stone-300 bg-white text-stone-700'
          }`}
          onClick={() => onSelect(status)}
        >
          {names[status]}
        </button>
      ))}
    </div>
  );
}
