import { AlertCircle, Inbox } from "lucide-react";
import { Skeleton } from "../ui/skeleton";

/** Skeleton cards while a tab's list loads. */
export function ListLoading({ rows = 3 }: { rows?: number }) {
  return (
    <div className="grid gap-3" role="status" aria-label="Cargando">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-28 w-full" />
      ))}
    </div>
  );
}

export function ListError({
  text = "No se pudo cargar la información. Recarga la página.",
}: {
  text?: string;
}) {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <AlertCircle aria-hidden className="size-4 shrink-0" />
      {text}
    </p>
  );
}

export function EmptyList({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center text-stone-700">
      <Inbox aria-hidden className="size-8 text-stone-500" />
      <p>{text}</p>
    </div>
  );
}
