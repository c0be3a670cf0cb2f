import { Box, Button, Callout, Checkbox, Dialog, Flex, Heading, Link, RadioGroup, ScrollArea, Separator, Spinner, Text } from "@radix-ui/themes";
import { useEffect, useMemo, useState } from "react";
import { CheckCircleIcon, ErrorIcon } from "~/components/icons";
import type { ScreeningQuestion } from "../../../modules/screening/events";
import { SCREENING_TEXT, answeredCount, formProblem, radioQuestions, type FormAnswer } from "../../../modules/screening/form";
import { KIOSK_STOP_TEXT } from "../check-in/rules";
import { fetchOrganization, fetchQuestions, postDecline, submitAnswers, type OrganizationInfo } from "./screening-api";

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
const MEDIUM = "610px";
const LARGE = "860px";
/** The online programs a participant who cannot come in may join (docs/decisions/013-screening-flow-ui.md). */
export const VIRTUAL_PROGRAM_HUB = "/programs-events";

export type Person = { id: string; name: string };
type Step = "intro" | "thanks" | "loading" | "form" | "preview" | "confirmCancel" | "success" | "followUp";
export type FlowOutcome = "declined" | "submitted" | "closed";

const joinNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/**
 * The daily screening flow of spec-2 section 4: intro (Yes/No) -> 'Thank you for letting us know' (a
 * decline posted on close) or the form (single-user, or multi-user with a collapsible section and an
 * include checkbox per participant) -> preview ('Submit Form', 'Make Changes') -> 'Success!' or 'Follow
 * Up Required'. Cancelling a filled form asks first (No returns, Yes restarts the intro). Staff filling
 * on a person's behalf start at the form (`onBehalf`), and a cancel closes. `start: "followUp"` shows the
 * follow-up dialog alone (a flagged member).
 */
export function ScreeningFlow({
  people,
  start = "intro",
  onBehalf = false,
  self = false,
  kiosk = false,
  onClose,
}: {
  people: Person[];
  start?: "intro" | "form" | "followUp";
  onBehalf?: boolean;
  /** the signed-in participant screens themselves: the texts say 'you' */
  self?: boolean;
  /** the kiosk's follow-up for a flagged member: the kiosk's stop text, and Cancel */
  kiosk?: boolean;
  onClose: (outcome: FlowOutcome) => void;
}) {
  const [step, setStep] = useState<Step>(start === "form" ? "loading" : start);
  const [questions, setQuestions] = useState<ScreeningQuestion[] | null>(null);
  const [organization, setOrganization] = useState<OrganizationInfo | null>(null);
  const [answers, setAnswers] = useState<Record<string, FormAnswer[]>>({});
  const [selected, setSelected] = useState<Record<string, boolean>>(() => Object.fromEntries(people.map((p) => [p.id, true])));
  const [expanded, setExpanded] = useState<Record<string, boolean>>(() => Object.fromEntries(people.map((p, i) => [p.id, i === 0])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ failed: string[]; passed: string[] } | null>(null);
  const multi = people.length > 1;

  useEffect(() => {
    fetchOrganization().then(setOrganization, () => undefined);
  }, []);

  const openForm = async () => {
    setError(null);
    if (questions) return setStep("form");
    setStep("loading");
    try {
      setQuestions(await fetchQuestions());
      setStep("form");
    } catch (e) {
      setError(e instanceof Error ? e.message : "Please try again or contact support for help");
      setStep(onBehalf ? "form" : "intro");
    }
  };

  useEffect(() => {
    if (start === "form") void openForm();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const formPeople = useMemo(() => people.map((p) => ({ id: p.id, name: p.name, isSelected: multi ? !!selected[p.id] : true, answers: answers[p.id] ?? [] })), [people, answers, selected, multi]);
  const problem = questions ? formProblem(questions, formPeople) : SCREENING_TEXT.mandatory;
  const anyAnswer = Object.values(answers).some((a) => a.length > 0);
  const chosen = formPeople.filter((p) => p.isSelected);

  const answer = (personId: string, questionId: string, value: string) =>
    setAnswers((all) => ({ ...all, [personId]: [...(all[personId] ?? []).filter((a) => a.question_id !== questionId), { question_id: questionId, answer: value }] }));

  const restart = () => {
    setAnswers({});
    setSelected(Object.fromEntries(people.map((p) => [p.id, true])));
    if (onBehalf) onClose("closed");
    else setStep("intro");
  };
  const cancelForm = () => (anyAnswer ? setStep("confirmCancel") : restart());

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await submitAnswers(chosen.map((p) => ({ user_id: p.id, answers: p.answers })));
      const nameOf = (id: string) => people.find((p) => p.id === id)?.name ?? "";
      setResult({ failed: answer.data.filter((d) => d.failed).map((d) => nameOf(d.user_id)), passed: answer.data.filter((d) => !d.failed).map((d) => nameOf(d.user_id)) });
      setStep(answer.failed ? "followUp" : "success");
    } catch (e) {
      setError(e instanceof Error ? e.message : "Please try again or contact support for help");
    } finally {
      setBusy(false);
    }
  };

  const closeThanks = async () => {
    setBusy(true);
    // on close, a daily-screening record with only user_id, for each person asked about
    await Promise.allSettled(people.map((p) => postDecline(p.id)));
    setBusy(false);
    onClose("declined");
  };

  const dismiss = () => {
    if (busy) return;
    if (step === "form") return cancelForm();
    if (step === "preview") return setStep("form");
    if (step === "confirmCancel") return setStep("form");
    if (step === "thanks") return void closeThanks();
    onClose(step === "success" || step === "followUp" ? "submitted" : "closed");
  };

  const who = self ? "you" : joinNames(people.map((p) => p.name));
  const width = step === "form" || step === "preview" ? LARGE : MEDIUM;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : dismiss())}>
      <Dialog.Content maxWidth={width} aria-describedby={undefined} data-testid={`screening-${step}`}>
        {step === "intro" ? (
          <>
            <Dialog.Title>{SCREENING_DIALOG_TEXT.introTitle}</Dialog.Title>
            <Text as="p" size="3" mb="4">
              Will {who} be taking part in programs{organization ? ` at ${organization.name}` : ""} today? If so, please fill out today's health screening form first.
            </Text>
            {error ? <ErrorLine text={error} /> : null}
            <Flex gap="3" justify="end">
              <Button variant="soft" color="gray" onClick={() => setStep("thanks")}>
                No
              </Button>
              <Button onClick={() => void openForm()}>Yes</Button>
            </Flex>
          </>
        ) : null}

        {step === "thanks" ? (
          <>
            <Dialog.Title>{SCREENING_DIALOG_TEXT.thanks}</Dialog.Title>
            <Text as="p" size="3" mb="4">
              We hope to see {self ? "you" : "them"} another day.
            </Text>
            <Flex justify="end">
              <Button onClick={() => void closeThanks()} loading={busy}>
                Close
              </Button>
            </Flex>
          </>
        ) : null}

        {step === "loading" ? (
          <Flex align="center" gap="2" p="4">
            <Dialog.Title size="3" mb="0">
              Loading the screening form…
            </Dialog.Title>
            <Spinner />
          </Flex>
        ) : null}

        {step === "form" && questions ? (
          <>
            <Dialog.Title>{SCREENING_DIALOG_TEXT.formTitle}</Dialog.Title>
            {onBehalf && !multi ? (
              <Text as="p" size="3" weight="bold" mb="1">
                For {people[0]?.name}
              </Text>
            ) : null}
            <Text as="p" size="2" color="gray" mb="3">
              {SCREENING_TEXT.mandatory}
            </Text>
            <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 500 }}>
              <Flex direction="column" gap="3" pr="3">
                {multi
                  ? formPeople.map((p) => (
                      <Box key={p.id} className="rc-screening-person" data-testid={`screening-person-${p.id}`} style={{ border: "1px solid var(--gray-a6)", borderRadius: "var(--radius-3)" }}>
                        <Flex align="center" gap="3" p="3">
                          <Checkbox checked={p.isSelected} onCheckedChange={(v) => setSelected((s) => ({ ...s, [p.id]: v === true }))} aria-label={`Include ${p.name}`} />
                          <Button
                            variant="ghost"
                            color="gray"
                            highContrast
                            style={{ flex: 1, justifyContent: "space-between" }}
                            aria-expanded={!!expanded[p.id]}
                            onClick={() => setExpanded((e) => ({ ...e, [p.id]: !e[p.id] }))}
                          >
                            <Text weight="bold">{p.name}</Text>
                            <Text size="1" color="gray">
                              {answeredCount(questions, p.answers)} of {radioQuestions(questions).length} answered {expanded[p.id] ? "▲" : "▼"}
                            </Text>
                          </Button>
                        </Flex>
                        {expanded[p.id] ? (
                          <Box px="3" pb="3">
                            <Questions questions={questions} person={p} disabled={!p.isSelected} onAnswer={answer} />
                          </Box>
                        ) : null}
                      </Box>
                    ))
                  : formPeople.map((p) => <Questions key={p.id} questions={questions} person={p} onAnswer={answer} />)}
              </Flex>
            </ScrollArea>
            {error ? <ErrorLine text={error} /> : null}
            <Flex gap="3" justify="end" mt="4">
              <Button variant="soft" color="gray" onClick={cancelForm}>
                Cancel
              </Button>
              <Button disabled={problem !== null} onClick={() => setStep("preview")}>
                Continue
              </Button>
            </Flex>
          </>
        ) : null}

        {step === "preview" && questions ? (
          <>
            <Dialog.Title>{SCREENING_DIALOG_TEXT.previewTitle}</Dialog.Title>
            <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 500 }}>
              <Flex direction="column" gap="3" pr="3">
                {chosen.map((p) => (
                  <Box key={p.id}>
                    {multi || onBehalf ? (
                      <Heading as="h3" size="3" mb="2">
                        {p.name}
                      </Heading>
                    ) : null}
                    <Flex direction="column" gap="2">
                      {radioQuestions(questions).map((q) => (
                        <Flex key={q.id} justify="between" gap="4">
                          <Text size="2">{q.label}</Text>
                          <Text size="2" weight="bold" color={p.answers.find((a) => a.question_id === q.id)?.answer === "YES" ? "red" : undefined}>
                            {p.answers.find((a) => a.question_id === q.id)?.answer}
                          </Text>
                        </Flex>
                      ))}
                    </Flex>
                    <Separator size="4" mt="3" />
                  </Box>
                ))}
              </Flex>
            </ScrollArea>
            {error ? <ErrorLine text={error} /> : null}
            <Flex gap="3" justify="end" mt="4">
              <Button variant="soft" color="gray" onClick={() => setStep("form")} disabled={busy}>
                {SCREENING_DIALOG_TEXT.makeChanges}
              </Button>
              <Button onClick={() => void submit()} loading={busy}>
                {SCREENING_DIALOG_TEXT.submit}
              </Button>
            </Flex>
          </>
        ) : null}

        {step === "confirmCancel" ? (
          <>
            <Dialog.Title>{SCREENING_DIALOG_TEXT.cancelTitle}</Dialog.Title>
            <Text as="p" size="3" mb="4">
              {SCREENING_DIALOG_TEXT.cancelText}
            </Text>
            <Flex gap="3" justify="end">
              <Button variant="soft" color="gray" onClick={() => setStep("form")}>
                No
              </Button>
              <Button color="red" onClick={restart}>
                Yes
              </Button>
            </Flex>
          </>
        ) : null}

        {step === "success" ? (
          <>
            <Flex align="center" gap="2" mb="2">
              <Text color="green" size="6">
                <CheckCircleIcon width={26} height={26} aria-hidden="true" />
              </Text>
              <Dialog.Title mb="0">{SCREENING_DIALOG_TEXT.success}</Dialog.Title>
            </Flex>
            <Text as="p" size="3" mb="4">
              {self && !onBehalf ? "You are" : `${joinNames(result?.passed ?? [])} ${(result?.passed.length ?? 0) > 1 ? "are" : "is"}`} clear to participate today.
            </Text>
            <Flex justify="end">
              <Button onClick={() => onClose("submitted")}>Done</Button>
            </Flex>
          </>
        ) : null}

        {step === "followUp" ? (
          <>
            <Flex align="center" gap="2" mb="2">
              <Text color="red" size="6">
                <ErrorIcon width={26} height={26} aria-hidden="true" />
              </Text>
              <Dialog.Title mb="0">{SCREENING_DIALOG_TEXT.followUp}</Dialog.Title>
            </Flex>
            {kiosk ? (
              <Text as="p" size="3" weight="bold" color="red" mb="2">
                {KIOSK_STOP_TEXT}
              </Text>
            ) : null}
            <FailureText names={start === "followUp" ? people.map((p) => p.name) : (result?.failed ?? [])} self={self && !onBehalf} basis={kiosk ? "our records" : undefined} organization={organization} />
            {result && result.passed.length > 0 ? (
              <Text as="p" size="2" mt="2">
                {joinNames(result.passed)} {result.passed.length > 1 ? "are" : "is"} clear to participate today.
              </Text>
            ) : null}
            <Flex justify="end" mt="4">
              <Button variant={kiosk ? "soft" : "solid"} color={kiosk ? "gray" : undefined} onClick={() => onClose(start === "followUp" ? "closed" : "submitted")}>
                {kiosk ? "Cancel" : "Done"}
              </Button>
            </Flex>
          </>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The failure text of spec-2 section 4, with the support phone and the virtual-program hub. */
export function FailureText({ names, self, basis, organization }: { names: string[]; self: boolean; basis?: string; organization: OrganizationInfo | null }) {
  const phone = organization?.phone_number?.trim();
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="3" data-testid="screening-failure-text">
        Sorry! Unfortunately based on {basis ?? (self || names.length === 0 ? "your answers to today's screening" : `today's screening answers for ${joinNames(names)}`)}, you will be unable to participate today. A staff member
        will follow up with you.
      </Text>
      <Text as="p" size="2">
        {phone ? (
          <>
            For support, please call <Link href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</Link>.
          </>
        ) : organization?.support_email ? (
          <>
            For support, please contact <Link href={`mailto:${organization.support_email}`}>{organization.support_email}</Link>.
          </>
        ) : (
          "For support, please contact the front desk."
        )}
      </Text>
      <Text as="p" size="2">
        In the meantime you can join our online programs in the <Link href={VIRTUAL_PROGRAM_HUB}>Virtual Program Hub</Link>.
      </Text>
    </Flex>
  );
}

function Questions({ questions, person, disabled = false, onAnswer }: { questions: ScreeningQuestion[]; person: { id: string; name: string; answers: FormAnswer[] }; disabled?: boolean; onAnswer: (personId: string, questionId: string, value: string) => void }) {
  return (
    <Flex direction="column" gap="3">
      {questions.map((q) =>
        q.type === "RICHTEXT" ? (
          <Box key={q.id}>
            <Text as="p" size="2" weight="bold">
              {q.label}
            </Text>
            <Text as="p" size="2" color="gray" style={{ whiteSpace: "pre-line" }}>
              {q.section_text}
            </Text>
          </Box>
        ) : (
          <Box key={q.id} role="group" aria-label={`${q.label} (${person.name})`}>
            <Text as="p" size="2" mb="1" id={`q-${person.id}-${q.id}`}>
              {q.label}
            </Text>
            <RadioGroup.Root
              value={person.answers.find((a) => a.question_id === q.id)?.answer ?? ""}
              onValueChange={(value) => onAnswer(person.id, q.id, value)}
              disabled={disabled}
              aria-labelledby={`q-${person.id}-${q.id}`}
              orientation="horizontal"
            >
              <Flex gap="4">
                {q.options.map((option) => (
                  <RadioGroup.Item key={option} value={option}>
                    {option}
                  </RadioGroup.Item>
                ))}
              </Flex>
            </RadioGroup.Root>
          </Box>
        ),
      )}
    </Flex>
  );
}

function ErrorLine({ text }: { text: string }) {
  return (
    <Callout.Root color="red" role="alert" mt="3" size="1">
      <Callout.Text>{text}</Callout.Text>
    </Callout.Root>
  );
}
