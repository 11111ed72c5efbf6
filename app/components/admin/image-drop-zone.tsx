import { Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import { cn } from "../ui/cn";

/** The dashed area that takes dropped files, with its prompt, buttons (children) and hint. */
export function ImageDropZone({
  prompt,
  hint,
  hintId,
  disabled,
  onFiles,
  children,
}: {
  prompt: string;
  hint: ReactNode;
  /** The file input's aria-describedby points at the hint. */
  hintId: string;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
      className={cn(
        "flex flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-4 text-center text-sm text-stone-700",
        dragging ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-white",
      )}
    >
      <Upload aria-hidden className="size-5 text-stone-600" />
      <p>{prompt}</p>
      {children}
      <p id={hintId} className="text-xs text-stone-600">
        {hint}
      </p>
    </div>
  );
}
