import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { isLikert, isQuestion, questionsOfPage, type AnswerValue, type SurveyPage } from "#modules/surveys/client";
import { Likert, Question, SurveyPicture } from "./answer-page";

/** The pages shown for these answers (decision 110's rule, as the decider applies it): a condition's question on a shown page, its answer meeting it. */
function shownOf(pages: readonly SurveyPage[], answers: Record<string, AnswerValue>) {
  const codes = new Set<string>();
  const shown: number[] = [];
  pages.forEach((p, i) => {
    const c = p.condition;
    const a = c ? answers[c.item_code] : undefined;
    if (c && !(codes.has(c.item_code) && (Array.isArray(a) ? a.includes(c.equals) : a === c.equals))) return;
    shown.push(i + 1);
    for (const q of questionsOfPage(p)) codes.add(q.item_code);
  });
  return shown;
}

/**
 * The builder's preview (decision 110): the survey as the member will see it, page by page, with the same elements
 * as the answering page; conditions apply as the member answers. Nothing is saved.
 */
export function SurveyPreview({ name, description, imageUrl, points, pages }: { name: string; description: string; imageUrl: string | null; points: number; pages: SurveyPage[] }) {
  const [page, setPage] = useState(1);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const form = useRef<HTMLFormElement>(null);
  if (pages.length === 0) return null;
  const shown = shownOf(pages, answers);
  const current = pages[Math.min(page, pages.length) - 1]!;
  const at = Math.max(1, shown.indexOf(page) + 1);
  const read = () => {
    const data = new FormData(form.current ?? undefined);
    const next = { ...answers };
    for (const q of questionsOfPage(current)) next[q.item_code] = q.type === "multiple_choice" ? data.getAll(`q.${q.item_code}`).map(String) : ((data.get(`q.${q.item_code}`) as string | null) ?? null);
    setAnswers(next);
    return next;
  };
  const go = (direction: 1 | -1) => {
    const now = shownOf(pages, read());
    const to = direction === 1 ? now.find((p) => p > page) : [...now].reverse().find((p) => p < page);
    if (to) setPage(to);
  };
  return (
    <Card asChild>
      <section aria-label="Preview" data-testid="survey-preview">
        <Flex direction="column" gap="4" style={{ maxWidth: 560 }}>
          <Flex justify="between" align="center" gap="2">
            <Heading as="h2" size="5">
              Preview: {name}
            </Heading>
            <Badge color="gray">Not saved</Badge>
          </Flex>
          {page === shown[0] ? <SurveyPicture url={imageUrl} /> : null}
          {description ? (
            <Text size="2" color="gray">
              {description}
            </Text>
          ) : null}
          {points ? <Text size="2">{points} points for completing it</Text> : null}
          <Text size="2" color="gray">
            Page {at} of {shown.length}
          </Text>
          <progress max={shown.length} value={at - 1} aria-label="Preview progress" style={{ width: "100%" }} />
          {current.title ? (
            <Heading as="h3" size="4">
              {current.title}
            </Heading>
          ) : null}
          <form ref={form} key={page} onSubmit={(e) => e.preventDefault()}>
            <Flex direction="column" gap="5">
              {current.elements.map((e, i) =>
                isLikert(e) ? (
                  <Likert key={`l-${i}`} m={e} answers={answers} fieldError={() => undefined} />
                ) : isQuestion(e) ? (
                  <Question key={`${e.item_code}-${i}`} q={e} value={answers[e.item_code]} />
                ) : (
                  <Text as="p" size="3" key={`s-${i}`}>
                    {e.text}
                  </Text>
                ),
              )}
              <Flex gap="3" justify="between">
                <Button type="button" variant="soft" disabled={page <= (shown[0] ?? 1)} onClick={() => go(-1)}>
                  Back
                </Button>
                <Button type="button" onClick={() => go(1)}>
                  Next page
                </Button>
              </Flex>
            </Flex>
          </form>
        </Flex>
      </section>
    </Card>
  );
}
