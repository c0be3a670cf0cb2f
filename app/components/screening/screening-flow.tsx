import { Dialog } from "@radix-ui/themes";
import { useEffect, useMemo, useState } from "react";
import { type ScreeningQuestion, SCREENING_TEXT, formProblem, type FormAnswer } from "#modules/screening/client";
import { fetchOrganization, fetchQuestions, postDecline, submitAnswers, type OrganizationInfo } from "./screening-api";
import { FormStep, PreviewStep } from "./screening-form-steps";
import { ConfirmCancelStep, IntroStep, LoadingStep, ThanksStep } from "./screening-message-steps";
import { FollowUpStep, SuccessStep, type ScreeningResult } from "./screening-result-steps";
import { joinNames } from "./screening-text";

export { SCREENING_DIALOG_TEXT, VIRTUAL_PROGRAM_HUB } from "./screening-text";
export { FailureText } from "./screening-result-steps";

/** spec-2 sections 2, 4 and 9: the dialogs' widths. */
const MEDIUM = "610px";
const LARGE = "860px";

export type Person = { id: string; name: string };
type Step = "intro" | "thanks" | "loading" | "form" | "preview" | "confirmCancel" | "success" | "followUp";
export type FlowOutcome = "declined" | "submitted" | "closed";

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
  onClose,
}: {
  people: Person[];
  start?: "intro" | "form" | "followUp";
  onBehalf?: boolean;
  /** the signed-in participant screens themselves: the texts say 'you' */
  self?: boolean;
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
  const [result, setResult] = useState<ScreeningResult | null>(null);
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
        {step === "intro" ? <IntroStep who={who} organization={organization} error={error} onNo={() => setStep("thanks")} onYes={() => void openForm()} /> : null}

        {step === "thanks" ? <ThanksStep self={self} busy={busy} onClose={() => void closeThanks()} /> : null}

        {step === "loading" ? <LoadingStep /> : null}

        {step === "form" && questions ? (
          <FormStep
            questions={questions}
            formPeople={formPeople}
            multi={multi}
            onBehalf={onBehalf}
            expanded={expanded}
            error={error}
            problem={problem}
            onInclude={(id, included) => setSelected((s) => ({ ...s, [id]: included }))}
            onToggle={(id) => setExpanded((e) => ({ ...e, [id]: !e[id] }))}
            onAnswer={answer}
            onCancel={cancelForm}
            onContinue={() => setStep("preview")}
          />
        ) : null}

        {step === "preview" && questions ? (
          <PreviewStep questions={questions} chosen={chosen} multi={multi} onBehalf={onBehalf} error={error} busy={busy} onMakeChanges={() => setStep("form")} onSubmit={() => void submit()} />
        ) : null}

        {step === "confirmCancel" ? <ConfirmCancelStep onNo={() => setStep("form")} onYes={restart} /> : null}

        {step === "success" ? <SuccessStep self={self && !onBehalf} result={result} onDone={() => onClose("submitted")} /> : null}

        {step === "followUp" ? (
          <FollowUpStep
            names={start === "followUp" ? people.map((p) => p.name) : (result?.failed ?? [])}
            self={self && !onBehalf}
            organization={organization}
            result={result}
            onDone={() => onClose(start === "followUp" ? "closed" : "submitted")}
          />
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
