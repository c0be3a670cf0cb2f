import { Badge, Box, Button, Card, Flex, Heading, Link, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import type { AnswerValue, SurveyLikert, SurveyPage, SurveyQuestion } from "#modules/surveys/client";
import { isLikert, isQuestion, likertQuestions, LONG_TEXT_MAX, SHORT_TEXT_MAX } from "#modules/surveys/client";

export type OpenSurveyView = { id: string; name: string; description: string; end_date: string | null; points?: number; image_url?: string | null; participant_id: string; participant_name: string; for_child?: boolean; status: string; last_page: number };
export type ResponseView = {
  survey: { id: string; name: string; description: string; pages: SurveyPage[]; points?: number; image_url?: string | null };
  participant: { id: string; name: string };
  open: boolean;
  /** why a parent may not answer it for this child (decision 117) */
  parent_refusal?: string | null;
  /** the pages shown for the answers saved (decision 110) */
  shown_pages?: number[];
  answers: Record<string, AnswerValue>;
  last_page: number;
  completed: boolean;
};

const STATUS_COLOR: Record<string, "gray" | "blue" | "green"> = { "Not started": "gray", "In progress": "blue", Completed: "green" };
const answerHref = (s: { id: string; participant_id: string }, page?: number) => `/challenges?survey=${s.id}&participant=${s.participant_id}${page ? `&page=${page}` : ""}`;

/** The surveys open to the member (and their children), with their progress. */
export function OpenSurveys({ rows }: { rows: OpenSurveyView[] }) {
  if (rows.length === 0) return <Text color="gray">There are no surveys for you to answer right now.</Text>;
  // whom each is for, when the caller answers for more than themselves (a parent with one child the survey lets them answer for too)
  const several = new Set(rows.map((r) => r.participant_id)).size > 1 || rows.some((r) => r.for_child);
  return (
    <Flex direction="column" gap="3" asChild>
      <ul aria-label="Surveys to answer" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {rows.map((s) => (
          <li key={`${s.id}-${s.participant_id}`}>
            <Card>
              <Flex direction="column" gap="2">
                <SurveyPicture url={s.image_url} />
                <Flex justify="between" gap="2" align="start">
                  <Heading as="h2" size="4">
                    {s.name}
                  </Heading>
                  <Badge color={STATUS_COLOR[s.status] ?? "gray"}>{s.status}</Badge>
                </Flex>
                {several ? <Text size="2">For {s.participant_name}</Text> : null}
                {s.points ? <Text size="2">{s.points} points for completing it</Text> : null}
                {s.description ? (
                  <Text size="2" color="gray">
                    {s.description}
                  </Text>
                ) : null}
                {s.status !== "Completed" ? (
                  <Box>
                    <Button asChild size="3">
                      <RemixLink to={answerHref(s)} aria-label={`${s.status === "In progress" ? "Continue" : "Start"} ${s.name}${several ? ` for ${s.participant_name}` : ""}`}>
                        {s.status === "In progress" ? "Continue" : "Start"}
                      </RemixLink>
                    </Button>
                  </Box>
                ) : null}
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/** The survey's picture (decision 111), decorative: the name beside it says what it is. */
export function SurveyPicture({ url }: { url?: string | null }) {
  if (!url) return null;
  return <img src={url} alt="" style={{ width: "100%", maxHeight: 180, objectFit: "cover", borderRadius: "var(--radius-3)" }} />;
}

/** A Likert matrix (decision 110): its prompt, then each statement as its own group of radio buttons on the shared scale (phone first, one per row). */
export function Likert({ m, answers, fieldError }: { m: SurveyLikert; answers: Record<string, AnswerValue>; fieldError: (code: string) => string | undefined }) {
  return (
    <Flex direction="column" gap="3" role="group" aria-label={m.text} data-testid="likert">
      <Text size="3" weight="medium">
        {m.text}
        {m.required ? " (required)" : ""}
      </Text>
      {likertQuestions(m).map((q) => (
        <Question key={q.item_code} q={q} value={answers[q.item_code]} error={fieldError(q.item_code)} />
      ))}
    </Flex>
  );
}

export function Question({ q, value, error }: { q: SurveyQuestion; value: AnswerValue | undefined; error?: string }) {
  const name = `q.${q.item_code}`;
  const id = `q-${q.item_code}`;
  const label = `${q.text}${q.required ? " (required)" : ""}`;
  const described = error ? { "aria-describedby": `${id}-error`, "aria-invalid": true as const } : {};
  const errorText = error ? (
    <Text id={`${id}-error`} size="2" color="red" role="alert">
      {error}
    </Text>
  ) : null;
  if (q.type === "single_choice" || q.type === "multiple_choice" || q.type === "rating" || q.type === "likert") {
    const choices = q.type === "rating" ? Array.from({ length: q.scale ?? 5 }, (_, i) => ({ label: String(i + 1), value: String(i + 1) })) : (q.options ?? []);
    const chosen = Array.isArray(value) ? value.map(String) : value === undefined || value === null ? [] : [String(value)];
    return (
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} {...described}>
        <legend>
          <Text size="3" weight="medium">
            {label}
          </Text>
          {q.type === "rating" ? (
            <Text as="span" size="2" color="gray">
              {" "}
              1 is the lowest, {q.scale ?? 5} the highest
            </Text>
          ) : null}
        </legend>
        <Flex gap="3" wrap="wrap" mt="2" direction={q.type === "rating" || q.type === "likert" ? "row" : "column"}>
          {choices.map((c) => (
            <Text as="label" size="3" key={c.value} style={{ display: "flex", gap: "var(--space-2)", alignItems: "center", minHeight: 44 }}>
              <input type={q.type === "multiple_choice" ? "checkbox" : "radio"} name={name} value={c.value} defaultChecked={chosen.includes(c.value)} style={{ width: 22, height: 22 }} />
              {c.label}
            </Text>
          ))}
        </Flex>
        {errorText}
      </fieldset>
    );
  }
  const text = value === undefined || value === null ? "" : String(value);
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="3" weight="medium">
        {label}
      </Text>
      {q.type === "long_text" ? (
        <TextArea id={id} name={name} defaultValue={text} maxLength={LONG_TEXT_MAX} rows={5} {...described} />
      ) : (
        <TextField.Root id={id} name={name} defaultValue={text} type={q.type === "number" ? "number" : q.type === "date" ? "date" : "text"} step={q.type === "number" ? "any" : undefined} maxLength={q.type === "short_text" ? SHORT_TEXT_MAX : undefined} size="3" {...described} />
      )}
      {errorText}
    </Flex>
  );
}

/** One page of a survey: its elements, Back, and Save and continue (or Submit on the last page). Every page sent is saved. */
export function AnswerPage({ response, page, problem }: { response: ResponseView; page: number; problem?: { message: string; field?: string } }) {
  const navigation = useNavigation();
  const pages = response.survey.pages;
  const current = pages[page - 1]!;
  // progress counts only the pages shown for the answers saved (decision 110)
  const shown = response.shown_pages?.length ? response.shown_pages : pages.map((_, i) => i + 1);
  const at = Math.max(1, shown.indexOf(page) + 1 || shown.filter((p) => p < page).length + 1);
  const last = !shown.some((p) => p > page);
  const fieldError = (code: string) => (problem?.field === `answers.${code}` ? problem.message : undefined);
  return (
    <Flex direction="column" gap="4">
      {page === shown[0] ? <SurveyPicture url={response.survey.image_url} /> : null}
      <Text size="2" color="gray" aria-live="polite">
        Page {at} of {shown.length}
        {response.participant.name ? ` · ${response.participant.name}` : ""}
      </Text>
      <progress max={shown.length} value={at - 1} aria-label="Progress" style={{ width: "100%" }} />
      {current.title ? (
        <Heading as="h2" size="5">
          {current.title}
        </Heading>
      ) : null}
      {problem && !problem.field ? (
        <Text color="red" role="alert">
          {problem.message}
        </Text>
      ) : null}
      <Form method="post" replace>
        <input type="hidden" name="page" value={page} />
        <Flex direction="column" gap="5">
          {current.elements.map((e, i) =>
            isLikert(e) ? (
              <Likert key={`likert-${i}`} m={e} answers={response.answers} fieldError={fieldError} />
            ) : isQuestion(e) ? (
              <Question key={e.item_code} q={e} value={response.answers[e.item_code]} error={fieldError(e.item_code)} />
            ) : (
              <Text as="p" size="3" key={`section-${i}`}>
                {e.text}
              </Text>
            ),
          )}
          <Flex gap="3" justify="between" wrap="wrap">
            {page > shown[0]! ? (
              <Button type="submit" name="intent" value="back" variant="soft" size="3" disabled={navigation.state !== "idle"}>
                Back
              </Button>
            ) : (
              <Link asChild size="2">
                <RemixLink to="/challenges">All surveys</RemixLink>
              </Link>
            )}
            <Button type="submit" name="intent" value={last ? "submit" : "next"} size="3" disabled={navigation.state !== "idle"}>
              {last ? "Submit" : "Save and continue"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Flex>
  );
}
