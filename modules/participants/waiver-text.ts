/** The waiver a parent reads and signs: versioned, so a signature names the text it agreed to. */
export type WaiverText = {
  version: string;
  title: string;
  intro: string;
  sections: readonly { heading: string; body: string }[];
  closing: string;
  /** a version published by the organization (decision 100): its body's paragraphs, no numbered sections */
  paragraphs?: readonly string[];
};

/** The text shown for new signatures (a changed text gets a new version; old signatures keep theirs). */
export const WAIVER_VERSION = "2026-01";

/** A short plain-language demo waiver: participation, medical emergencies, photos. */
export const WAIVER_TEXTS: Readonly<Record<string, WaiverText>> = {
  "2026-01": {
    version: "2026-01",
    title: "Participation Waiver and Consent",
    intro:
      "Please read this form before you sign it. It covers the participant named above. Your typed full name counts as your signature.",
    sections: [
      {
        heading: "Taking part",
        body:
          "The participant may join the organization's programs, events and outings. Activities include sports, games, arts and trips. " +
          "Like any activity, they carry some risk of injury. Staff supervise and follow safety rules; you accept the ordinary risks of taking part " +
          "and will tell staff about anything that limits what the participant can safely do.",
      },
      {
        heading: "Medical emergencies",
        body:
          "If the participant is hurt or falls ill, staff give first aid and try to reach you or the emergency contact at once. " +
          "If no one can be reached in time, you allow staff to call emergency services and medical staff to give the care they judge necessary. " +
          "The cost of that care is yours. Please keep the medical information in the participant's profile up to date.",
      },
      {
        heading: "Photos and video",
        body:
          "Staff may take photos or video during programs. You allow the organization to use them in its newsletters, website and social media, " +
          "without the participant's full name. You can withdraw this consent at any time by telling staff in writing; it then applies to new material.",
      },
    ],
    closing: "This waiver stays in effect until you withdraw it in writing or the organization asks for a new one.",
  },
};

export const WAIVER_VERSIONS = Object.keys(WAIVER_TEXTS) as [string, ...string[]];

/** What a version id looks like: the built-in ones (2026-01) and published ones (2026-11-27, 2026-11-27-2). */
export const WAIVER_VERSION_ID = /^\d{4}-\d{2}(-\d{2}(-\d{1,3})?)?$/;

/** The text of a version; signatures from before versions (none recorded) show the current text. */
export const waiverTextOf = (version?: string | null): WaiverText => WAIVER_TEXTS[version ?? WAIVER_VERSION] ?? WAIVER_TEXTS[WAIVER_VERSION]!;
