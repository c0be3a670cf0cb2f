import type { ScreeningQuestion } from "./events";

/**
 * The questions an organization starts with (the demo organizations are seeded with them; admins
 * replace them). Answering 'YES' to any RADIO question fails the screening.
 */
export const DEFAULT_SCREENING_QUESTIONS: ScreeningQuestion[] = [
  {
    id: "intro",
    label: "Before you come in today",
    type: "RICHTEXT",
    options: [],
    section_text: "Please answer each question for the person attending today. If you answer YES to any question, a staff member will follow up before they can take part.",
  },
  { id: "symptoms", label: "Do you have a fever, a new cough, or difficulty breathing today?", type: "RADIO", options: ["YES", "NO"], section_text: "" },
  { id: "contact", label: "In the last 14 days, have you been in close contact with someone who is ill with these symptoms?", type: "RADIO", options: ["YES", "NO"], section_text: "" },
  { id: "isolate", label: "Has a doctor or public health told you to stay home?", type: "RADIO", options: ["YES", "NO"], section_text: "" },
];
