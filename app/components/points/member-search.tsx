import { Box, Button, Checkbox, Flex, Text, TextField } from "@radix-ui/themes";
import { Form } from "@remix-run/react";

/**
 * 'Find members' by name or Member ID (a GET form: the page's loader answers the choices), keeping the page's other
 * query values as hidden fields. Used where staff pick members to award or confirm.
 */
export function MemberSearch({ search, keep }: { search: string; keep: Record<string, string> }) {
  return (
    <Form method="get" role="search">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Flex gap="2" align="end">
        <label style={{ flex: 1 }}>
          <Text size="2" weight="medium">
            Find members
          </Text>
          <TextField.Root name="q" defaultValue={search} placeholder="Name or Member ID" />
        </label>
        <Button type="submit" variant="soft">
          Search
        </Button>
      </Flex>
    </Form>
  );
}

/** The members a search answered, each a checkbox `participant_id`, in a focusable scroll region named `label`. */
export function MemberChecklist({ rows, count, label, maxHeight }: { rows: { id: string; name: string; member_id: string }[]; count: number; label: string; maxHeight: number }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text size="2" weight="medium">
          Members ({rows.length} of {count} shown)
        </Text>
      </legend>
      <Box style={{ maxHeight, overflowY: "auto" }} tabIndex={0} role="region" aria-label={label}>
        <Flex direction="column" gap="1" py="1">
          {rows.map((m) => (
            <Text as="label" size="2" key={m.id}>
              <Flex gap="2" align="center">
                <Checkbox name="participant_id" value={m.id} /> {m.name} <Text color="gray">{m.member_id}</Text>
              </Flex>
            </Text>
          ))}
        </Flex>
      </Box>
    </fieldset>
  );
}
