import { Callout } from "@radix-ui/themes";
import type { RegistrationAnswer } from "~/utils/registration-page.server";

/** The decider's answer on the card it came from: green registered, amber waitlisted, red the refusal's reason. */
export function AnswerCallout({ answer }: { answer: RegistrationAnswer }) {
  return (
    <Callout.Root color={answer.tone} size="1" role={answer.tone === "red" ? "alert" : "status"} data-testid="registration-answer" data-tone={answer.tone}>
      <Callout.Text>{answer.message}</Callout.Text>
    </Callout.Root>
  );
}
