import { Button, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { Form } from "@remix-run/react";

export const ALL = "all";

type Choice = { id: string; name: string };
export type FilterValues = { from: string; to: string; program_id: string; group_id: string; age_band: string; gender: string };

function Choose({ name, label, value, choices }: { name: keyof FilterValues; label: string; value: string; choices: readonly Choice[] }) {
  return (
    <label style={{ minWidth: 0 }}>
      <Text size="2" weight="medium" as="div">
        {label}
      </Text>
      <Select.Root name={name} defaultValue={value || ALL}>
        <Select.Trigger aria-label={label} style={{ width: "100%" }} />
        <Select.Content>
          <Select.Item value={ALL}>All</Select.Item>
          {choices.map((c) => (
            <Select.Item key={c.id} value={c.id}>
              {c.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </label>
  );
}

/** The dashboards' filters: a GET form, so a filtered view is a link one can share. */
export function ReportFilters({ values, programs, groups, ageBands, genders }: { values: FilterValues; programs: Choice[]; groups: Choice[]; ageBands: readonly string[]; genders: readonly string[] }) {
  const plain = (list: readonly string[]) => list.map((v) => ({ id: v, name: v }));
  return (
    <Form method="get" role="search" aria-label="Report filters">
      <div style={{ display: "grid", gap: "var(--space-3)", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 10rem), 1fr))", alignItems: "end" }}>
        <label>
          <Text size="2" weight="medium" as="div">
            From
          </Text>
          <TextField.Root type="date" name="from" defaultValue={values.from} required />
        </label>
        <label>
          <Text size="2" weight="medium" as="div">
            To
          </Text>
          <TextField.Root type="date" name="to" defaultValue={values.to} required />
        </label>
        <Choose name="program_id" label="Program" value={values.program_id} choices={programs} />
        <Choose name="group_id" label="User group" value={values.group_id} choices={groups} />
        <Choose name="age_band" label="Age band" value={values.age_band} choices={plain(ageBands)} />
        <Choose name="gender" label="Gender" value={values.gender} choices={plain(genders)} />
        <Flex gap="2">
          <Button type="submit">Apply</Button>
          <Button asChild variant="soft" color="gray">
            <a href="/reports">Reset</a>
          </Button>
        </Flex>
      </div>
    </Form>
  );
}
