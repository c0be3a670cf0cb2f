import { Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import type { RecipientRow } from "#modules/communications/client";
import { apiGet } from "../api-client";

export type Recipient = { id: string; name: string; role: string };

/**
 * Who the message goes to: a name typed finds people the sender may write to (the server decides who:
 * staff only for a participant or parent); each chosen person is a hidden `recipient_ids[i]` field.
 */
export function RecipientPicker({ chosen, onChange, errorId, errors }: { chosen: Recipient[]; onChange: (next: Recipient[]) => void; errorId: string; errors?: string[] }) {
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<Recipient[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      apiGet<{ data: RecipientRow[] }>("/api/message/recipients", { search: search.trim(), size: "8" })
        .then((answer) => {
          setFound(answer.data.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim(), role: r.role_display_name })));
          setProblem(null);
        })
        .catch((error: unknown) => setProblem(error instanceof Error ? error.message : "The people could not be loaded."));
    }, 250);
    return () => clearTimeout(timer);
  }, [search]);
  const chosenIds = new Set(chosen.map((c) => c.id));
  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor="recipient-search" size="2" weight="medium">
        To
      </Text>
      {chosen.length ? (
        <ul className="rc-recipients" aria-label="Recipients">
          {chosen.map((c, i) => (
            <li key={c.id}>
              <input type="hidden" name={`recipient_ids[${i}]`} value={c.id} />
              <Text size="2">
                {c.name} <Text color="gray">({c.role})</Text>
              </Text>
              <Button type="button" size="1" variant="ghost" color="gray" aria-label={`Remove ${c.name}`} onClick={() => onChange(chosen.filter((x) => x.id !== c.id))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <TextField.Root id="recipient-search" type="search" placeholder="Type a name" value={search} onChange={(e) => setSearch(e.target.value)} aria-describedby={errors?.length ? errorId : undefined} aria-invalid={errors?.length ? true : undefined} />
      {errors?.length ? (
        <Text id={errorId} size="2" color="red" role="alert">
          {errors.join(" ")}
        </Text>
      ) : null}
      {problem ? (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <ul className="rc-recipient-results" aria-label="People found" data-testid="recipient-results">
        {found
          .filter((f) => !chosenIds.has(f.id))
          .map((f) => (
            <li key={f.id}>
              {/* the visible words are the name (axe: label-content-name-mismatch) */}
              <Button type="button" size="1" variant="soft" onClick={() => onChange([...chosen, f])}>
                Add {f.name} · {f.role}
              </Button>
            </li>
          ))}
      </ul>
    </Flex>
  );
}
