import { Button } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";

/** The Register button of a card: a form post to the page's action with the page's command id (a resubmit registers once). */
export function RegisterForm({ field, target, participantId, commandId, label, name }: { field: "program_id" | "event_id"; target: string; participantId: string; commandId: string; label: string; name: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get(field) === target && navigation.formData?.get("intent") === "register";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name={field} value={target} />
      <input type="hidden" name="participant_id" value={participantId} />
      <input type="hidden" name="command_id" value={commandId} />
      <Button type="submit" size="3" loading={busy} aria-label={`${label} for ${name}`}>
        {label}
      </Button>
    </Form>
  );
}
