import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Text, TextArea } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { GENDER_OPTIONS } from "#modules/participants/client";
import { HONEYPOT_FIELD, MEMBER_REQUEST_FOR, MESSAGE_MAX, teacherRequestSchema, type memberRequestSchema } from "#modules/requests/client";
import { Field, FieldError, FormErrors } from "../forms";
import { CheckCircleIcon } from "../icons";

export type RequestActionData = { result: SubmissionResult<string[]>; sent: string | null };

function Select<T>({ meta, label, options, onChange }: { meta: FieldMetadata<T, Record<string, unknown>, string[]>; label: string; options: readonly { value: string; label: string }[]; onChange?: (v: string) => void }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={meta.id} size="2" weight="medium">
        {label}
      </Text>
      <select
        id={meta.id}
        name={meta.name}
        key={meta.key}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={meta.errors ? meta.errorId : undefined}
        className="rc-request-select"
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </Flex>
  );
}

const genders = [{ value: "", label: "Choose…" }, ...GENDER_OPTIONS.map((g) => ({ value: g, label: g }))];

/** The honeypot: people never see or reach it; a bot that fills it is thanked and dropped (decision 066). */
function Trap() {
  return (
    <div className="rc-request-trap" aria-hidden="true">
      <label htmlFor="rc-request-website">Leave this empty</label>
      <input id="rc-request-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

function Sent({ message }: { message: string }) {
  return (
    <Callout.Root color="green" role="status">
      <Callout.Icon>
        <CheckCircleIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}

/** The public membership request form (member or parent), one schema with the server. */
export function MemberRequestForm({ schema, actionData }: { schema: ReturnType<typeof memberRequestSchema>; actionData: RequestActionData | undefined }) {
  const submitting = useNavigation().state === "submitting";
  const [kind, setKind] = useState("member");
  const [form, fields] = useForm({
    id: "membership-request-form",
    constraint: getZodConstraint(schema),
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
    defaultValue: { kind: "member" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  if (actionData?.sent) return <Sent message={actionData.sent} />;
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Select meta={fields.kind} label="Who is this request for?" options={MEMBER_REQUEST_FOR} onChange={setKind} />
        <Field label="First name" inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }} errors={fields.first_name.errors} />
        <Field label="Last name" inputProps={{ ...getInputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }} errors={fields.last_name.errors} />
        <Field label="E-mail" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        <Field label="Phone number (optional)" inputProps={{ ...getInputProps(fields.phone_number, { type: "tel" }), autoComplete: "tel" }} errors={fields.phone_number.errors} />
        {kind === "member" ? (
          <>
            <Field label="Date of birth" inputProps={{ ...getInputProps(fields.birth_date, { type: "date" }), required: true }} errors={fields.birth_date.errors} />
            <Select meta={fields.gender} label="Gender" options={genders} />
          </>
        ) : (
          <>
            <Field label="Child's first name" inputProps={{ ...getInputProps(fields.child_first_name, { type: "text" }), required: true }} errors={fields.child_first_name.errors} />
            <Field label="Child's last name" inputProps={{ ...getInputProps(fields.child_last_name, { type: "text" }), required: true }} errors={fields.child_last_name.errors} />
            <Field label="Child's date of birth" inputProps={{ ...getInputProps(fields.child_birth_date, { type: "date" }), required: true }} errors={fields.child_birth_date.errors} />
            <Select meta={fields.child_gender} label="Child's gender" options={genders} />
          </>
        )}
        <MessageField meta={fields.message} />
        <Trap />
        <Button type="submit" size="3" loading={submitting}>
          Send Request
        </Button>
      </Flex>
    </Form>
  );
}

function MessageField<T>({ meta }: { meta: FieldMetadata<T, Record<string, unknown>, string[]> }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={meta.id} size="2" weight="medium">
        Message (optional)
      </Text>
      <TextArea {...getTextareaProps(meta)} key={meta.key} maxLength={MESSAGE_MAX} aria-describedby={meta.errors ? meta.errorId : undefined} />
      <FieldError meta={meta} />
    </Flex>
  );
}

/** The public teacher request form (school organizations only). */
export function TeacherRequestForm({ schema, actionData }: { schema: typeof teacherRequestSchema; actionData: RequestActionData | undefined }) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "teacher-request-form",
    constraint: getZodConstraint(schema),
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  if (actionData?.sent) return <Sent message={actionData.sent} />;
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="First name" inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }} errors={fields.first_name.errors} />
        <Field label="Last name" inputProps={{ ...getInputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }} errors={fields.last_name.errors} />
        <Field label="E-mail" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        <Field label="Phone number (optional)" inputProps={{ ...getInputProps(fields.phone_number, { type: "tel" }), autoComplete: "tel" }} errors={fields.phone_number.errors} />
        <Field label="School role or subject" inputProps={getInputProps(fields.school_role, { type: "text" })} errors={fields.school_role.errors} />
        <MessageField meta={fields.message} />
        <Trap />
        <Button type="submit" size="3" loading={submitting}>
          Send Request
        </Button>
      </Flex>
    </Form>
  );
}
