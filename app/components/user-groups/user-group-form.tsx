import { getCollectionProps, getFormProps, useInputControl } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Callout, Flex, Grid, Radio, Select, Text } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { ALL_PERMISSION_IDS, DEFAULT_SCHEME, PERMISSION_LABELS, SCHEME_KEYS, USER_GROUP_ICONS, userGroupInput, type PermissionId, type RoleLevel } from "#modules/identity/client";
import { CheckboxItem } from "./checkbox-item";
import { FieldError, FieldGroup } from "./field-group";
import { LEVEL_LABELS } from "./options";
import { SchemeColorPicker } from "./scheme-color-picker";
import { TextFieldRow } from "./text-field-row";
import type { Notice, UserGroupActionData, UserGroupView } from "./types";


type Props = { group: UserGroupView | null; levels: RoleLevel[]; onDone: (notice: Notice) => void; onCancel: () => void };

/**
 * The user group form (spec-2 section 2 "Role (user group) configuration", section 5 "Role"): one zod
 * schema for conform here and parseWithZod in the /role action. The scheme posts in full: the picked
 * main colour and the rest of DEFAULT_SCHEME.
 */
export function UserGroupForm({ group, levels, onDone, onCancel }: Props) {
  const fetcher = useFetcher<UserGroupActionData>();
  const [form, fields] = useSchemaForm(userGroupInput, {
    id: group ? `user-group-${group.id}` : "user-group-new",
    lastResult: fetcher.data?.result,
    defaultValue: group
      ? { name: group.name, display_name: group.display_name, level: String(group.level), permission_ids: group.permission_ids }
      : undefined,
  });
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  useEffect(() => {
    if (notice) onDone(notice);
  }, [notice, onDone]);

  const scheme = fields.scheme.getFieldset();
  // a Radix select posts through conform's control, so choosing a level revalidates it at once
  const level = useInputControl({ key: fields.level.key, name: fields.level.name, formId: form.id, initialValue: group ? String(group.level) : undefined });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={group ? "update" : "create"} />
      {group ? <input type="hidden" name="id" value={group.id} /> : null}
      <Flex direction="column" gap="4">
        {form.errors?.length ? (
          <Callout.Root color="red" role="alert" id={form.errorId}>
            <Callout.Text>{form.errors[0]}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <TextFieldRow meta={fields.name} label="Name" />
          <TextFieldRow meta={fields.display_name} label="Display Name" />
        </Grid>

        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={fields.level.id} size="2" weight="medium">
            Level
          </Text>
          <Select.Root value={typeof level.value === "string" ? level.value : ""} onValueChange={level.change} onOpenChange={(open) => (open ? level.focus() : level.blur())}>
            <Select.Trigger id={fields.level.id} placeholder="Select a level" aria-invalid={fields.level.errors ? true : undefined} />
            <Select.Content position="popper">
              {levels.map((option) => (
                <Select.Item key={option} value={String(option)}>
                  {option} · {LEVEL_LABELS[option]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <FieldError id={fields.level.errorId} errors={fields.level.errors} />
        </Flex>

        <FieldGroup legend="Icon" errorId={fields.icon.errorId} errors={fields.icon.errors}>
          <Flex gap="4" wrap="wrap">
            {USER_GROUP_ICONS.map((icon) => (
              <Text as="label" size="2" key={icon}>
                <Flex gap="2" align="center">
                  <Radio name={fields.icon.name} value={icon} defaultChecked={group?.icon === icon} />
                  {icon}
                </Flex>
              </Text>
            ))}
          </Flex>
        </FieldGroup>

        <SchemeColorPicker name={scheme.main.name} defaultValue={group?.scheme_main ?? DEFAULT_SCHEME.main} errorId={scheme.main.errorId} errors={scheme.main.errors ?? fields.scheme.errors} />
        {SCHEME_KEYS.filter((key) => key !== "main").map((key) => (
          <input key={key} type="hidden" name={`scheme.${key}`} value={DEFAULT_SCHEME[key]} />
        ))}

        <FieldGroup legend="Permissions" errorId={fields.permission_ids.errorId} errors={fields.permission_ids.errors}>
          <Grid columns={{ initial: "1", sm: "2" }} gapX="4" gapY="2">
            {getCollectionProps(fields.permission_ids, { type: "checkbox", options: [...ALL_PERMISSION_IDS] }).map(({ key, ...props }) => (
              <CheckboxItem key={key} {...props} label={PERMISSION_LABELS[props.value as PermissionId]} />
            ))}
          </Grid>
        </FieldGroup>

        <Flex gap="3" justify="end">
          <Button type="button" variant="soft" color="gray" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {group ? "Save Changes" : "Create User Group"}
          </Button>
        </Flex>
      </Flex>
    </fetcher.Form>
  );
}

