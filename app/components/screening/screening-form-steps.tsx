import { Box, Button, Checkbox, Dialog, Flex, Heading, ScrollArea, Separator, Text } from "@radix-ui/themes";
import { type ScreeningQuestion, SCREENING_TEXT, answeredCount, radioQuestions, type FormParticipant } from "#modules/screening/client";
import { Questions } from "./screening-questions";
import { SCREENING_DIALOG_TEXT } from "./screening-text";
import { ErrorLine } from "./screening-widgets";

/**
 * The form step of spec-2 section 4: one person's questions, or for several people a collapsible section
 * each with an 'Include {name}' checkbox. Continue is enabled only when the form has no problem.
 */
export function FormStep({
  questions,
  formPeople,
  multi,
  onBehalf,
  expanded,
  error,
  problem,
  onInclude,
  onToggle,
  onAnswer,
  onCancel,
  onContinue,
}: {
  questions: ScreeningQuestion[];
  formPeople: FormParticipant[];
  multi: boolean;
  onBehalf: boolean;
  expanded: Record<string, boolean>;
  error: string | null;
  problem: string | null;
  onInclude: (personId: string, included: boolean) => void;
  onToggle: (personId: string) => void;
  onAnswer: (personId: string, questionId: string, value: string) => void;
  onCancel: () => void;
  onContinue: () => void;
}) {
  return (
    <>
      <Dialog.Title>{SCREENING_DIALOG_TEXT.formTitle}</Dialog.Title>
      {onBehalf && !multi ? (
        <Text as="p" size="3" weight="bold" mb="1">
          For {formPeople[0]?.name}
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
                    <Checkbox checked={p.isSelected} onCheckedChange={(v) => onInclude(p.id, v === true)} aria-label={`Include ${p.name}`} />
                    <Button
                      variant="ghost"
                      color="gray"
                      highContrast
                      style={{ flex: 1, justifyContent: "space-between" }}
                      aria-expanded={!!expanded[p.id]}
                      onClick={() => onToggle(p.id)}
                    >
                      <Text weight="bold">{p.name}</Text>
                      <Text size="1" color="gray">
                        {answeredCount(questions, p.answers)} of {radioQuestions(questions).length} answered {expanded[p.id] ? "▲" : "▼"}
                      </Text>
                    </Button>
                  </Flex>
                  {expanded[p.id] ? (
                    <Box px="3" pb="3">
                      <Questions questions={questions} person={p} disabled={!p.isSelected} onAnswer={onAnswer} />
                    </Box>
                  ) : null}
                </Box>
              ))
            : formPeople.map((p) => <Questions key={p.id} questions={questions} person={p} onAnswer={onAnswer} />)}
        </Flex>
      </ScrollArea>
      {error ? <ErrorLine text={error} /> : null}
      <Flex gap="3" justify="end" mt="4">
        <Button variant="soft" color="gray" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={problem !== null} onClick={onContinue}>
          Continue
        </Button>
      </Flex>
    </>
  );
}

/** The preview step: each included person's answers (YES in red), 'Make Changes' and 'Submit Form'. */
export function PreviewStep({
  questions,
  chosen,
  multi,
  onBehalf,
  error,
  busy,
  onMakeChanges,
  onSubmit,
}: {
  questions: ScreeningQuestion[];
  chosen: FormParticipant[];
  multi: boolean;
  onBehalf: boolean;
  error: string | null;
  busy: boolean;
  onMakeChanges: () => void;
  onSubmit: () => void;
}) {
  return (
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
        <Button variant="soft" color="gray" onClick={onMakeChanges} disabled={busy}>
          {SCREENING_DIALOG_TEXT.makeChanges}
        </Button>
        <Button onClick={onSubmit} loading={busy}>
          {SCREENING_DIALOG_TEXT.submit}
        </Button>
      </Flex>
    </>
  );
}
