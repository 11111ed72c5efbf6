import type { Ref } from "react";
import { IMAGE_ACCEPT } from "../../lib/upload";

/** The hidden file picker behind an upload's label and 'Elegir' button; hands over the files. */
export function ImageFileInput({
  ref,
  id,
  multiple = false,
  describedBy,
  disabled,
  onFiles,
}: {
  ref: Ref<HTMLInputElement>;
  id: string;
  multiple?: boolean;
  describedBy: string | undefined;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      multiple={multiple}
      accept={IMAGE_ACCEPT}
      className="sr-only"
      tabIndex={-1}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        // Cleared so choosing the same file again still fires a change.
        event.target.value = "";
        onFiles(files);
      }}
    />
  );
}
