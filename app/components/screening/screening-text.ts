/** spec-2 sections 2, 4 and 9: the dialogs' texts and widths. */
export const SCREENING_DIALOG_TEXT = {
  introTitle: "Daily Health Screening",
  formTitle: "Daily Health Screening Form",
  previewTitle: "Preview",
  submit: "Submit Form",
  makeChanges: "Make Changes",
  thanks: "Thank you for letting us know",
  success: "Success!",
  followUp: "Follow Up Required",
  cancelTitle: "Cancel Screening?",
  cancelText: "Are you sure you want to cancel? The answers you entered will be lost.",
} as const;
/** The online programs a participant who cannot come in may join (docs/decisions/013-screening-flow-ui.md). */
export const VIRTUAL_PROGRAM_HUB = "/programs-events";

export const joinNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);
