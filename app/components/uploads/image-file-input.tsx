import { forwardRef } from "react";

/** The image types an upload accepts (the server judges the bytes again). */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

/** A hidden file input for one image; a button elsewhere opens it through its ref. */
export const ImageFileInput = forwardRef<HTMLInputElement, { testId: string; onFile: (file: File) => void }>(function ImageFileInput({ testId, onFile }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      accept={IMAGE_ACCEPT}
      hidden
      data-testid={testId}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        if (file) onFile(file);
      }}
    />
  );
});
