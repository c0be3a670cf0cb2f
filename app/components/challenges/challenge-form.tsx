import { Button, Flex, Grid, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { CHALLENGE_RULES, MAX_CHALLENGE_POINTS, MAX_SESSIONS, RULE_LABELS, type ChallengeAudience, type ChallengeRuleKind } from "#modules/challenges/client";
import { ChoiceList } from "~/components/communications/choice-list";
import { ImagePicker } from "~/components/uploads/image-picker";

export type Choices = { surveys: { id: string; name: string; status: string }[]; programs: { id: string; name: string }[]; groups: { id: string; name: string }[] };
export type EditedChallenge = {
  id: string;
  title: string;
  description: string;
  image: string | null;
  image_url: string | null;
  start_date: string;
  end_date: string;
  points: number;
  rule: ChallengeRuleKind;
  survey_id: string | null;
  program_id: string | null;
  sessions: number | null;
  audience: ChallengeAudience;
};

const selectStyle = { font: "inherit", padding: "6px 8px", borderRadius: "var(--radius-2)", border: "1px solid var(--gray-a7)", background: "var(--color-surface)", color: "inherit", width: "100%" } as const;

/** The image (decision 102): the stored path goes with the form. */
function ImageField({ initial, initialUrl }: { initial: string | null; initialUrl: string | null }) {
  const [value, setValue] = useState(initial ?? "");
  const [preview, setPreview] = useState(initialUrl);
  return (
    <>
      <input type="hidden" name="image" value={value} />
      <ImagePicker
        label="Image (optional)"
        noun="image"
        alt="The challenge's image"
        subPath="challenges"
        testId="challenge-image-input"
        value={value || null}
        url={preview}
        onChange={(path, url) => {
          setValue(path ?? "");
          setPreview(url);
        }}
      />
    </>
  );
}

/** Create or edit a challenge: what, when, for whom, how many points, and what completes it. */
export function ChallengeForm({ choices, challenge, today, busy }: { choices: Choices; challenge?: EditedChallenge; today: string; busy: boolean }) {
  const [rule, setRule] = useState<ChallengeRuleKind>(challenge?.rule ?? "staff");
  const a = challenge?.audience;
  const [groupIds, setGroupIds] = useState(a?.groupIds ?? []);
  const [programIds, setProgramIds] = useState(a?.programIds ?? []);
  return (
    <Form method="post" aria-label={challenge ? "Edit the challenge" : "New challenge"}>
      <input type="hidden" name="intent" value={challenge ? "update" : "create"} />
      <Flex direction="column" gap="3">
        <label>
          <Text size="2" weight="medium" as="div">
            Title
          </Text>
          <TextField.Root name="title" required maxLength={120} defaultValue={challenge?.title ?? ""} />
        </label>
        <label>
          <Text size="2" weight="medium" as="div">
            Description
          </Text>
          <TextArea name="description" maxLength={2000} defaultValue={challenge?.description ?? ""} />
        </label>
        <ImageField initial={challenge?.image ?? null} initialUrl={challenge?.image_url ?? null} />
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <label>
            <Text size="2" weight="medium" as="div">
              Start date
            </Text>
            <TextField.Root name="start_date" type="date" required defaultValue={challenge?.start_date ?? today} />
          </label>
          <label>
            <Text size="2" weight="medium" as="div">
              End date
            </Text>
            <TextField.Root name="end_date" type="date" required defaultValue={challenge?.end_date ?? ""} />
          </label>
          <label>
            <Text size="2" weight="medium" as="div">
              Points
            </Text>
            <TextField.Root name="points" type="number" min={1} max={MAX_CHALLENGE_POINTS} step={1} required defaultValue={String(challenge?.points ?? 25)} />
          </label>
        </Grid>
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <label>
            <Text size="2" weight="medium" as="div">
              Completed by
            </Text>
            <select name="rule" value={rule} onChange={(e) => setRule(e.currentTarget.value as ChallengeRuleKind)} style={selectStyle}>
              {CHALLENGE_RULES.map((r) => (
                <option key={r} value={r}>
                  {RULE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          {rule === "survey" ? (
            <label>
              <Text size="2" weight="medium" as="div">
                Survey
              </Text>
              <select name="survey_id" defaultValue={challenge?.survey_id ?? ""} required style={selectStyle}>
                <option value="">Choose a survey</option>
                {choices.surveys.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.status})
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {rule === "attendance" ? (
            <>
              <label>
                <Text size="2" weight="medium" as="div">
                  Sessions to attend
                </Text>
                <TextField.Root name="sessions" type="number" min={1} max={MAX_SESSIONS} step={1} required defaultValue={String(challenge?.sessions ?? 5)} />
              </label>
              <label>
                <Text size="2" weight="medium" as="div">
                  Of the program
                </Text>
                <select name="program_id" defaultValue={challenge?.program_id ?? ""} style={selectStyle}>
                  <option value="">Any program, or events</option>
                  {choices.programs.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
            </>
          ) : null}
        </Grid>
        <fieldset style={{ border: "1px solid var(--gray-a5)", borderRadius: "var(--radius-3)", padding: "var(--space-3)" }}>
          <legend>
            <Text size="2" weight="medium">
              Who it is for (nothing chosen: everyone)
            </Text>
          </legend>
          <Flex direction="column" gap="3">
            <div className="rc-comm-audience">
              <ChoiceList legend="User groups" name="group_ids" options={choices.groups.map((g) => ({ id: g.id, label: g.name }))} chosen={groupIds} onChange={setGroupIds} empty="No user groups." />
              <ChoiceList legend="Registered in a program" name="program_ids" options={choices.programs.map((p) => ({ id: p.id, label: p.name }))} chosen={programIds} onChange={setProgramIds} empty="No programs yet." />
            </div>
            <Flex gap="3" wrap="wrap">
              <label>
                <Text size="2" weight="medium" as="div">
                  Minimum age
                </Text>
                <TextField.Root name="age_min" type="number" min={0} max={120} step={1} defaultValue={a?.ageMin === null || a?.ageMin === undefined ? "" : String(a.ageMin)} style={{ width: 110 }} />
              </label>
              <label>
                <Text size="2" weight="medium" as="div">
                  Maximum age
                </Text>
                <TextField.Root name="age_max" type="number" min={0} max={120} step={1} defaultValue={a?.ageMax === null || a?.ageMax === undefined ? "" : String(a.ageMax)} style={{ width: 110 }} />
              </label>
            </Flex>
          </Flex>
        </fieldset>
        <Flex>
          <Button type="submit" disabled={busy}>
            {challenge ? "Save challenge" : "Create challenge"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
