import { Button, Dialog, Flex, RadioCards, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { DialogFooter } from "./dialog-footer";
import { useTimeZone } from "../time-zone";
import { checkEligibility, localDay, newCommandId, postCheckIn, type ClaimChoice } from "./api";
import { CHECK_IN_TEXT } from "./rules";

export type ClaimMember = { member_id: string; first_name: string; full_name: string };
type Props = { member: ClaimMember; onDone: (message: string) => void; onClose: () => void };

const failure = (e: unknown) => (e instanceof Error ? e.message : "Please try again or contact support for help");

/**
 * The kiosk's check-out of a child an adult picks up (docs/decisions/036): the adult types the claim code
 * from their claim tag; only a matching code lists who may collect the child (names and relationships),
 * and the adult chooses themselves. A wrong code is refused with the server's words (CLAIM_CODE_MISMATCH),
 * which also say a staff member can help. One command id for the check-out: a resend is applied once.
 */
export function ClaimCodeDialog({ member, onDone, onClose }: Props) {
  const timeZone = useTimeZone();
  const [code, setCode] = useState("");
  const [choices, setChoices] = useState<ClaimChoice[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [commandId] = useState(newCommandId);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  const verify = () =>
    run(async () => {
      const answer = await checkEligibility({ memberId: member.member_id, type: "out", ...localDay(timeZone), claim_code: code });
      setChoices(answer.pick_up_choices ?? []);
    });
  const checkOut = () =>
    run(async () => {
      await postCheckIn({ memberId: member.member_id, type: "out", time: new Date().toISOString(), ...localDay(timeZone), claim_code: code, pick_up_person_id: chosen }, commandId);
      onDone(CHECK_IN_TEXT.done(member.first_name, "out"));
    });

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined} data-testid="claim-code-dialog">
        <Dialog.Title>{CHECK_IN_TEXT.claimCodeTitle}</Dialog.Title>
        <Text as="p" size="3" mb="4">
          Checking out <strong>{member.full_name}</strong>. {CHECK_IN_TEXT.claimCodeHint}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (choices === null && code.trim()) void verify();
          }}
        >
          <label>
            <Text as="div" size="2" weight="medium" mb="1">
              Claim Code
            </Text>
            <TextField.Root
              size="3"
              value={code}
              onChange={(e) => {
                setCode(e.target.value.toUpperCase());
                setChoices(null);
                setChosen("");
              }}
              maxLength={8}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              autoFocus
              className="rc-claim-code"
            />
          </label>
        </form>
        {choices !== null ? (
          <Flex direction="column" gap="2" mt="4">
            <Text size="2" weight="medium" id="claim-who">
              Who is picking up {member.first_name}?
            </Text>
            {choices.length === 0 ? (
              <Text size="2" color="gray">
                {CHECK_IN_TEXT.seeStaff}
              </Text>
            ) : (
              <RadioCards.Root value={chosen} onValueChange={setChosen} columns={{ initial: "1", sm: "2" }} aria-labelledby="claim-who">
                {choices.map((c) => (
                  <RadioCards.Item key={c.id} value={c.id}>
                    <Flex direction="column" width="100%">
                      <Text weight="bold">{c.name}</Text>
                      <Text size="2" color="gray">
                        {c.relationship}
                      </Text>
                    </Flex>
                  </RadioCards.Item>
                ))}
              </RadioCards.Root>
            )}
          </Flex>
        ) : null}
        <DialogFooter error={error} onCancel={onClose}>
          {choices === null ? (
            <Button onClick={() => void verify()} disabled={!code.trim() || busy} loading={busy}>
              Continue
            </Button>
          ) : (
            <Button onClick={() => void checkOut()} disabled={!chosen || busy} loading={busy}>
              Check Out
            </Button>
          )}
        </DialogFooter>
      </Dialog.Content>
    </Dialog.Root>
  );
}
