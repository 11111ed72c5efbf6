/** The bar shown while a file goes up (XHR upload progress), announced to screen readers. */
export function UploadProgress({
  fraction,
  label = "Subiendo imagen",
}: {
  fraction: number;
  label?: string;
}) {
  const percent = Math.round(Math.min(Math.max(fraction, 0), 1) * 100);
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-right text-xs text-stone-700 tabular-nums">{percent}%</span>
    </div>
  );
}
