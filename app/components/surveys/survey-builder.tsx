import { Button, Card, Checkbox, Flex, Grid, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ChoiceList } from "~/components/communications/choice-list";
import { ImagePicker } from "~/components/uploads/image-picker";
import { blankElement, bodyOf, ELEMENT_LABELS, newKey, optionsOf, type Draft, type DraftElement, type DraftPage } from "./builder-model";
import { elementTarget, moveElement, movePage } from "./reorder";
import { SurveyPreview } from "./survey-preview";

/** A move button: the key of what moved and the direction, so focus follows the moved element or page (issue 20). */
type MoveFocus = { key: string; dir: "up" | "down" };

/** Up and Down for an element or a page; a button shows only where a move exists. Their names say what moves where. */
function MoveButtons({ moveKey, up, down, onMove }: { moveKey: string; up: { name: string; text: string } | null; down: { name: string; text: string } | null; onMove: (delta: 1 | -1) => void }) {
  return (
    <Flex gap="1">
      {up ? (
        <Button type="button" size="1" variant="soft" color="gray" data-move={`${moveKey}:up`} aria-label={up.name} onClick={() => onMove(-1)}>
          {up.text}
        </Button>
      ) : null}
      {down ? (
        <Button type="button" size="1" variant="soft" color="gray" data-move={`${moveKey}:down`} aria-label={down.name} onClick={() => onMove(1)}>
          {down.text}
        </Button>
      ) : null}
    </Flex>
  );
}

export type BuilderChoices = { programs: { id: string; name: string }[]; groups: { id: string; name: string }[]; genders: readonly string[] };

const selectStyle = { font: "inherit", padding: "6px 8px", borderRadius: "var(--radius-2)", border: "1px solid var(--gray-a7)", background: "var(--color-surface)", color: "inherit", width: "100%", minHeight: 36 } as const;

function Field({ label, children, hint }: { label: string; children: React.ReactNode; hint?: string }) {
  return (
    <Flex direction="column" gap="1" asChild>
      <label>
        <Text size="2" weight="medium">
          {label}
        </Text>
        {children}
        {hint ? (
          <Text size="1" color="gray">
            {hint}
          </Text>
        ) : null}
      </label>
    </Flex>
  );
}

function ElementEditor({ e, label, move, onChange, onRemove }: { e: DraftElement; label: string; move: React.ReactNode; onChange: (e: DraftElement) => void; onRemove: () => void }) {
  const set = (patch: Partial<DraftElement>) => onChange({ ...e, ...patch });
  const question = e.type !== "section_text";
  return (
    <Card data-testid="builder-element">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="2">
          <Text size="2" weight="bold">
            {label}: {ELEMENT_LABELS[e.type] ?? e.type}
          </Text>
          <Flex gap="2" align="center" wrap="wrap" justify="end">
            {move}
            <Button type="button" size="1" variant="ghost" color="red" onClick={onRemove} aria-label={`Remove ${label}`}>
              Remove
            </Button>
          </Flex>
        </Flex>
        <Grid columns={{ initial: "1", sm: question && e.type !== "likert" ? "3" : "1" }} gap="2">
          {question && e.type !== "likert" ? (
            <Field label="Item code">
              <TextField.Root value={e.item_code} onChange={(v) => set({ item_code: v.target.value })} aria-label={`${label} item code`} />
            </Field>
          ) : null}
          <Field label={e.type === "section_text" ? "Text" : e.type === "likert" ? "Prompt above the statements" : "Question"}>
            {e.type === "section_text" ? <TextArea value={e.text} onChange={(v) => set({ text: v.target.value })} aria-label={`${label} text`} /> : <TextField.Root value={e.text} onChange={(v) => set({ text: v.target.value })} aria-label={`${label} text`} />}
          </Field>
        </Grid>
        {e.type === "single_choice" || e.type === "multiple_choice" || e.type === "likert" ? (
          <Field label={e.type === "likert" ? "Scale (shared by every statement)" : "Options"} hint="One a line: 'value = label', or a label alone (valued 1, 2, 3…). Numeric values are compared in a pre/post evaluation.">
            <TextArea value={e.options} rows={4} onChange={(v) => set({ options: v.target.value })} aria-label={`${label} options`} />
          </Field>
        ) : null}
        {e.type === "likert" ? (
          <Field label="Statements" hint="One a line: 'ITEM_CODE = statement'. Each statement is a question of its own in the report.">
            <TextArea value={e.rows} rows={4} onChange={(v) => set({ rows: v.target.value })} aria-label={`${label} statements`} />
          </Field>
        ) : null}
        {e.type === "rating" ? (
          <Field label="Scale (1 to …)">
            <TextField.Root type="number" min={2} max={10} value={String(e.scale)} onChange={(v) => set({ scale: Number(v.target.value) })} aria-label={`${label} scale`} />
          </Field>
        ) : null}
        {question ? (
          <Text as="label" size="2" style={{ display: "flex", gap: 6, alignItems: "center" }}>
            <Checkbox checked={e.required} onCheckedChange={(on) => set({ required: on === true })} />
            Required
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}

/** An element's move button, named for where it goes: up or down in its page, or across the edge to the page before or after. */
function moveLabel(pages: DraftPage[], page: number, index: number, delta: 1 | -1) {
  const target = elementTarget(pages, page, index, delta);
  if (!target) return null;
  const what = `page ${page + 1} element ${index + 1}`;
  if (target.page === page) return delta === -1 ? { name: `Move ${what} up`, text: "Up" } : { name: `Move ${what} down`, text: "Down" };
  return { name: `Move ${what} to page ${target.page + 1}`, text: `To page ${target.page + 1}` };
}

/** The choice questions of the pages before `index`: what a page's condition may name (decision 110). */
function earlierChoices(pages: DraftPage[], index: number) {
  return pages
    .slice(0, index)
    .flatMap((p) => p.elements)
    .filter((e) => (e.type === "single_choice" || e.type === "multiple_choice") && e.item_code.trim())
    .map((e) => ({ item_code: e.item_code.trim(), text: e.text, options: optionsOf(e.options) }));
}

function PageEditor({
  page,
  index,
  pages,
  onChange,
  onRemove,
  onMovePage,
  onMoveElement,
}: {
  page: DraftPage;
  index: number;
  pages: DraftPage[];
  onChange: (p: DraftPage) => void;
  onRemove: () => void;
  onMovePage: (delta: 1 | -1) => void;
  onMoveElement: (element: number, delta: 1 | -1) => void;
}) {
  const [adding, setAdding] = useState("single_choice");
  const choices = earlierChoices(pages, index);
  const chosen = choices.find((c) => c.item_code === page.condition?.item_code);
  const count = pages.flatMap((p) => p.elements).length + 1;
  return (
    <Card asChild>
      <section aria-label={`Page ${index + 1}`} data-testid="builder-page">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center">
            <Heading as="h3" size="4">
              Page {index + 1}
            </Heading>
            <Flex gap="2" align="center" wrap="wrap" justify="end">
              <MoveButtons
                moveKey={page.key}
                up={index > 0 ? { name: `Move page ${index + 1} up`, text: "Up" } : null}
                down={index < pages.length - 1 ? { name: `Move page ${index + 1} down`, text: "Down" } : null}
                onMove={onMovePage}
              />
              {pages.length > 1 ? (
                <Button type="button" size="1" variant="soft" color="red" onClick={onRemove}>
                  Remove page {index + 1}
                </Button>
              ) : null}
            </Flex>
          </Flex>
          <Field label="Page title">
            <TextField.Root value={page.title} onChange={(v) => onChange({ ...page, title: v.target.value })} aria-label={`Page ${index + 1} title`} />
          </Field>
          {index > 0 ? (
            <Grid columns={{ initial: "1", sm: "2" }} gap="2">
              <Field label="Show this page only when" hint={choices.length === 0 ? "Add a single or multiple choice question to an earlier page first." : undefined}>
                <select style={selectStyle} value={page.condition?.item_code ?? ""} aria-label={`Page ${index + 1} condition question`} onChange={(v) => onChange({ ...page, condition: v.target.value ? { item_code: v.target.value, equals: choices.find((c) => c.item_code === v.target.value)?.options[0]?.value ?? "" } : null })}>
                  <option value="">Always shown</option>
                  {choices.map((c) => (
                    <option key={c.item_code} value={c.item_code}>
                      {c.item_code}: {c.text}
                    </option>
                  ))}
                </select>
              </Field>
              {page.condition && chosen ? (
                <Field label="is answered">
                  <select style={selectStyle} value={page.condition.equals} aria-label={`Page ${index + 1} condition answer`} onChange={(v) => onChange({ ...page, condition: { item_code: page.condition!.item_code, equals: v.target.value } })}>
                    {chosen.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </Field>
              ) : null}
            </Grid>
          ) : null}
          {page.elements.map((e, i) => (
            <ElementEditor
              key={e.key}
              e={e}
              label={`Page ${index + 1} element ${i + 1}`}
              move={<MoveButtons moveKey={e.key} up={moveLabel(pages, index, i, -1)} down={moveLabel(pages, index, i, 1)} onMove={(delta) => onMoveElement(i, delta)} />}
              onChange={(next) => onChange({ ...page, elements: page.elements.map((x) => (x.key === e.key ? next : x)) })}
              onRemove={() => onChange({ ...page, elements: page.elements.filter((x) => x.key !== e.key) })}
            />
          ))}
          <Flex gap="2" align="end" wrap="wrap">
            <Field label="New element">
              <select style={selectStyle} value={adding} onChange={(v) => setAdding(v.target.value)} aria-label={`Page ${index + 1} new element type`}>
                {Object.entries(ELEMENT_LABELS).map(([type, label]) => (
                  <option key={type} value={type}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Button type="button" variant="soft" onClick={() => onChange({ ...page, elements: [...page.elements, blankElement(adding, count)] })}>
              Add to page {index + 1}
            </Button>
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}

/**
 * The survey builder (/survey?build=…, 'create survey'; decisions 074, 110, 111): name, description, picture,
 * audience (ages, genders, user groups, programs), dates, points, and pages of elements with their conditions.
 * The whole survey goes to the call as one JSON field; the decider's messages come back beside the form.
 * 'Preview' shows it as the member will see it.
 */
export function SurveyBuilder({ initial, imageUrl, choices, busy }: { initial: Draft; imageUrl: string | null; choices: BuilderChoices; busy: boolean }) {
  const [draft, setDraft] = useState(initial);
  const [preview, setPreview] = useState(imageUrl);
  const [previewing, setPreviewing] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  const [focus, setFocus] = useState<MoveFocus | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const body = bodyOf(draft);
  // after a move, focus stays on the moved element's (or page's) button of the same direction, else its other one
  useEffect(() => {
    if (!focus) return;
    const other = focus.dir === "up" ? "down" : "up";
    const button = document.querySelector<HTMLElement>(`[data-move="${focus.key}:${focus.dir}"]`) ?? document.querySelector<HTMLElement>(`[data-move="${focus.key}:${other}"]`);
    button?.focus();
    setFocus(null);
  }, [focus]);
  const moved = (key: string, delta: 1 | -1, next: { pages: DraftPage[]; notes: string[] }) => {
    set({ pages: next.pages });
    setNotes(next.notes);
    setFocus({ key, dir: delta === -1 ? "up" : "down" });
  };
  return (
    <Flex direction="column" gap="4">
      <Form method="post" replace>
        <input type="hidden" name="definition" value={JSON.stringify(body)} />
        <Flex direction="column" gap="4">
          <Card>
            <Flex direction="column" gap="3">
              <Field label="Name">
                <TextField.Root value={draft.name} onChange={(v) => set({ name: v.target.value })} required />
              </Field>
              <Field label="Description">
                <TextArea value={draft.description} onChange={(v) => set({ description: v.target.value })} />
              </Field>
              <ImagePicker
                label="Picture (optional)"
                noun="picture"
                alt="The survey's picture"
                subPath="surveys"
                testId="survey-image-input"
                value={draft.image}
                url={preview}
                onChange={(path, url) => {
                  set({ image: path });
                  setPreview(url);
                }}
              />
              <Grid columns={{ initial: "2", sm: "5" }} gap="2">
                <Field label="Minimum age">
                  <TextField.Root type="number" min={0} value={draft.age_min} onChange={(v) => set({ age_min: v.target.value })} />
                </Field>
                <Field label="Maximum age">
                  <TextField.Root type="number" min={0} value={draft.age_max} onChange={(v) => set({ age_max: v.target.value })} />
                </Field>
                <Field label="Start date">
                  <TextField.Root type="date" value={draft.start_date} onChange={(v) => set({ start_date: v.target.value })} />
                </Field>
                <Field label="End date">
                  <TextField.Root type="date" value={draft.end_date} onChange={(v) => set({ end_date: v.target.value })} />
                </Field>
                <Field label="Points for completing it">
                  <TextField.Root type="number" min={0} max={10000} value={draft.points} onChange={(v) => set({ points: v.target.value })} />
                </Field>
              </Grid>
              <Field label="Parents answer for children under (age)" hint="Empty: members answer for themselves only. With an age, a parent answers for a child younger than it; older members answer themselves.">
                <TextField.Root type="number" min={1} max={18} value={draft.parents_answer_under} onChange={(v) => set({ parents_answer_under: v.target.value })} style={{ maxWidth: 120 }} aria-label="Parents answer for children under (age)" />
              </Field>
              <ChoiceList legend="Genders (none: everyone)" name="audience_genders" options={choices.genders.map((g) => ({ id: g, label: g }))} chosen={draft.genders} onChange={(genders) => set({ genders })} empty="None yet" />
              <ChoiceList legend="User groups (none: everyone)" name="audience_groups" options={choices.groups.map((g) => ({ id: g.id, label: g.name }))} chosen={draft.group_ids} onChange={(group_ids) => set({ group_ids })} empty="None yet" />
              <ChoiceList legend="Programs (none: everyone)" name="audience_programs" options={choices.programs.map((p) => ({ id: p.id, label: p.name }))} chosen={draft.program_ids} onChange={(program_ids) => set({ program_ids })} empty="None yet" />
            </Flex>
          </Card>
          {draft.pages.map((p, i) => (
            <PageEditor
              key={p.key}
              page={p}
              index={i}
              pages={draft.pages}
              onChange={(next) => set({ pages: draft.pages.map((x) => (x.key === p.key ? next : x)) })}
              onRemove={() => set({ pages: draft.pages.filter((x) => x.key !== p.key).map((x, j) => (j === 0 ? { ...x, condition: null } : x)) })}
              onMovePage={(delta) => moved(p.key, delta, movePage(draft.pages, i, delta))}
              onMoveElement={(element, delta) => moved(p.elements[element]!.key, delta, moveElement(draft.pages, i, element, delta))}
            />
          ))}
          <div role="status" aria-live="polite" data-testid="builder-move-notes">
            {notes.map((n) => (
              <Text as="p" size="2" color="amber" key={n}>
                {n}
              </Text>
            ))}
          </div>
          <Flex gap="3" wrap="wrap">
            <Button type="button" variant="soft" onClick={() => set({ pages: [...draft.pages, { key: newKey(), title: "", condition: null, elements: [] }] })}>
              Add a page
            </Button>
            <Button type="button" variant="outline" onClick={() => setPreviewing((v) => !v)} aria-expanded={previewing}>
              {previewing ? "Hide preview" : "Preview"}
            </Button>
            <Button type="submit" name="intent" value="save" disabled={busy}>
              Save survey
            </Button>
          </Flex>
        </Flex>
      </Form>
      {previewing ? <SurveyPreview name={draft.name || "Untitled survey"} description={draft.description} imageUrl={preview} points={body.points} pages={body.pages as never} /> : null}
    </Flex>
  );
}
