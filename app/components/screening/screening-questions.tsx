import { Box, Flex, RadioGroup, Text } from "@radix-ui/themes";
import type { ScreeningQuestion, FormAnswer } from "#modules/screening/client";

/** One person's questions: RICHTEXT sections as text, RADIO questions as a radio group each. */
export function Questions({ questions, person, disabled = false, onAnswer }: { questions: ScreeningQuestion[]; person: { id: string; name: string; answers: FormAnswer[] }; disabled?: boolean; onAnswer: (personId: string, questionId: string, value: string) => void }) {
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
