import type { SurveyCondition, SurveyOption } from "#modules/surveys/client";

/** The builder's editable survey (the POST/PUT /api/survey body, decisions 074, 110, 111), options and statements as lines of text. */
export type DraftElement = {
  key: string;
  type: string;
  item_code: string;
  text: string;
  required: boolean;
  /** choices and the Likert scale: one option a line, "value = label" or just the label (then valued 1, 2, 3…) */
  options: string;
  scale: number;
  /** the Likert statements: one a line, "ITEM_CODE = statement" */
  rows: string;
};
export type DraftPage = { key: string; title: string; condition: SurveyCondition | null; elements: DraftElement[] };
export type Draft = {
  name: string;
  description: string;
  image: string | null;
  age_min: string;
  age_max: string;
  genders: string[];
  group_ids: string[];
  program_ids: string[];
  start_date: string;
  end_date: string;
  points: string;
  /** decision 117: parents answer for their children under this age; empty: members answer for themselves only */
  parents_answer_under: string;
  pages: DraftPage[];
};

let counter = 0;
export const newKey = () => `k${++counter}`;

export const ELEMENT_LABELS: Record<string, string> = {
  single_choice: "Single choice",
  multiple_choice: "Multiple choice",
  rating: "Rating scale",
  likert: "Likert matrix",
  short_text: "Short text",
  long_text: "Long text",
  number: "Number",
  date: "Date",
  section_text: "Section text",
};

export const blankElement = (type: string, n: number): DraftElement => ({
  key: newKey(),
  type,
  item_code: type === "section_text" || type === "likert" ? "" : `Q${n}`,
  text: "",
  required: false,
  options: type === "likert" ? "1 = Strongly disagree\n2 = Disagree\n3 = Neutral\n4 = Agree\n5 = Strongly agree" : "",
  scale: 5,
  rows: type === "likert" ? `Q${n}_1 = ` : "",
});

/** Option lines as options: "value = label", or a label alone valued by its place (1, 2, 3…). */
export function optionsOf(text: string): SurveyOption[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line, i) => {
      const at = line.indexOf("=");
      return at > 0 ? { value: line.slice(0, at).trim(), label: line.slice(at + 1).trim() } : { value: String(i + 1), label: line };
    });
}
const optionLines = (options: readonly SurveyOption[] | undefined) => (options ?? []).map((o) => `${o.value} = ${o.label}`).join("\n");

/** Statement lines as Likert rows: "ITEM_CODE = statement". */
export const rowsOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf("=");
      return at > 0 ? { item_code: line.slice(0, at).trim(), text: line.slice(at + 1).trim() } : { item_code: "", text: line };
    });

/** The draft as the call's body (the decider checks it whole and answers readable 400s). */
export function bodyOf(d: Draft) {
  const num = (s: string) => (s.trim() === "" ? null : Number(s));
  return {
    name: d.name,
    description: d.description,
    image: d.image,
    age_min: num(d.age_min),
    age_max: num(d.age_max),
    genders: d.genders,
    group_ids: d.group_ids,
    program_ids: d.program_ids,
    start_date: d.start_date || null,
    end_date: d.end_date || null,
    points: d.points.trim() === "" ? 0 : Number(d.points),
    parents_answer_under: num(d.parents_answer_under),
    pages: d.pages.map((p) => ({
      title: p.title,
      condition: p.condition && p.condition.item_code ? p.condition : null,
      elements: p.elements.map((e) => {
        if (e.type === "section_text") return { type: e.type, text: e.text };
        if (e.type === "likert") return { type: e.type, text: e.text, required: e.required, options: optionsOf(e.options), rows: rowsOf(e.rows) };
        return {
          type: e.type,
          item_code: e.item_code,
          text: e.text,
          required: e.required,
          ...(e.type === "single_choice" || e.type === "multiple_choice" ? { options: optionsOf(e.options) } : {}),
          ...(e.type === "rating" ? { scale: e.scale } : {}),
        };
      }),
    })),
  };
}

type SavedElement = { type: string; item_code?: string; text: string; required?: boolean; options?: SurveyOption[]; scale?: number; rows?: { item_code: string; text: string }[] };
export type SavedSurvey = {
  name: string;
  description: string;
  image: string | null;
  age_min: number | null;
  age_max: number | null;
  genders: string[];
  group_ids?: string[];
  program_ids?: string[];
  start_date: string | null;
  end_date: string | null;
  points?: number;
  parents_answer_under?: number | null;
  pages: { title: string; condition?: SurveyCondition | null; elements: SavedElement[] }[];
};

/** A saved survey (or nothing: a new one) as a draft. */
export function draftOf(s: SavedSurvey | null): Draft {
  if (!s) return { name: "", description: "", image: null, age_min: "", age_max: "", genders: [], group_ids: [], program_ids: [], start_date: "", end_date: "", points: "0", parents_answer_under: "", pages: [{ key: newKey(), title: "", condition: null, elements: [blankElement("rating", 1)] }] };
  return {
    name: s.name,
    description: s.description,
    image: s.image,
    age_min: s.age_min === null ? "" : String(s.age_min),
    age_max: s.age_max === null ? "" : String(s.age_max),
    genders: s.genders,
    group_ids: s.group_ids ?? [],
    program_ids: s.program_ids ?? [],
    start_date: s.start_date ?? "",
    end_date: s.end_date ?? "",
    points: String(s.points ?? 0),
    parents_answer_under: s.parents_answer_under == null ? "" : String(s.parents_answer_under),
    pages: s.pages.map((p) => ({
      key: newKey(),
      title: p.title,
      condition: p.condition ?? null,
      elements: p.elements.map((e) => ({
        key: newKey(),
        type: e.type,
        item_code: e.item_code ?? "",
        text: e.text,
        required: e.required ?? false,
        options: optionLines(e.options),
        scale: e.scale ?? 5,
        rows: (e.rows ?? []).map((r) => `${r.item_code} = ${r.text}`).join("\n"),
      })),
    })),
  };
}
