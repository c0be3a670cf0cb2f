/** The resources' limits (decision 101). */
export const RESOURCE_LIMITS = {
  title: 120,
  description: 2000,
  url: 2000,
  groups: 50,
  /** a file: as the uploads' images and PDFs (decision 019) */
  fileBytes: 10 * 1024 * 1024,
  /** a create or update body (JSON): a few short fields */
  bodyBytes: 16 * 1024,
} as const;

export const RESOURCE_TOASTS = {
  created: "Resource successfully created",
  updated: "Resource successfully updated",
  deleted: "Resource successfully deleted",
} as const;
