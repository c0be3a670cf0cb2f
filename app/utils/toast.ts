import { z } from "zod";

/** The toasts of spec-2 section 8: success, warning and error; shared by the server (flash) and the browser. */
export const TOAST_TYPES = ["success", "warning", "error"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** An error toast without detail says this (spec-1 and spec-2 section 8), with a Done button. */
export const DEFAULT_ERROR_TEXT = "Please try again or contact support for help";

export const toastSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(TOAST_TYPES),
  title: z.string().max(200).optional(),
  description: z.string().max(500).optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id"> & { id?: string };

/** The text a toast shows: its title, or the default error text for an error without detail. */
export function toastText(toast: Pick<Toast, "type" | "title" | "description">): { title: string; description?: string } {
  if (toast.title) return { title: toast.title, description: toast.description };
  if (toast.type === "error") return { title: toast.description || DEFAULT_ERROR_TEXT };
  return { title: toast.description ?? "" };
}
