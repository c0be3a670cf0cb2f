import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Link, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors } from "~/components/forms";
import { CheckCircleIcon, WarningIcon } from "~/components/icons";
import { CheckboxItem } from "~/components/user-groups/checkbox-item";
import { TokenExpired, WaiverLayout, WaiverTextBlock } from "~/components/waiver/waiver-document";
import { guardPage } from "~/utils/page-guard.server";
import { CONSENT_LABEL, signWaiverFormSchema, type SignWaiverForm, TOKEN_EXPIRED, TOKEN_EXPIRED_HINT, WAIVER_SIGNED_THANKS } from "~/utils/waiver-form";
import { JOINING_PARAM, NO_STORE, openWaiverLink, signWithLink } from "#modules/participants";
import { readForm } from "~/utils/page-form.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * /sign-waiver/{id}?token=... (public, auth optional): the participant's name and the waiver while the
 * token would sign; an unknown, used or expired token is 400 'Token expired' and shows nothing else.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  const token = (new URL(request.url).searchParams.get("token") ?? "").trim();
  const view = await openWaiverLink(context.services, params.id, token);
  // the last step of a participant's invitation (decision 068): they sign as themselves, then land home
  const joining = new URL(request.url).searchParams.get(JOINING_PARAM) === "1";
  return json({ ...view, participantId: params.id ?? "", token, joining }, { status: view.state === "expired" ? 400 : 200, headers: NO_STORE });
}

/** SignWaiver with the token's hash, the typed name, the time and the client's address. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  const submission = parseWithZod(await readForm(request), { schema: signWaiverFormSchema });
  if (submission.status !== "success") return json({ kind: "invalid" as const, result: submission.reply() }, { status: 400, headers: NO_STORE });
  const { token, fullName } = submission.value;
  const outcome = await signWithLink(context.services, auth, { participantId: params.id, token, fullName, ip: context.clientIp });
  if (outcome.ok && auth && new URL(request.url).searchParams.get(JOINING_PARAM) === "1") return redirectWithToast("/", { type: "success", title: WAIVER_SIGNED_THANKS }, context.services.production);
  if (outcome.ok) return json({ kind: "signed" as const }, { headers: NO_STORE });
  if (outcome.expired) return json({ kind: "expired" as const }, { status: 400, headers: NO_STORE });
  return json({ kind: "invalid" as const, result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status, headers: NO_STORE });
}

/** After a signature the link is spent: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { kind?: string } | undefined)?.kind === "signed" ? false : defaultShouldRevalidate;

export default function SignWaiverPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  if (actionData?.kind === "signed") {
    return (
      <WaiverLayout title="Sign Waiver">
        <Callout.Root color="green" role="status">
          <Callout.Icon>
            <CheckCircleIcon />
          </Callout.Icon>
          <Callout.Text>{WAIVER_SIGNED_THANKS}</Callout.Text>
        </Callout.Root>
        <Link asChild size="3">
          <RemixLink to={`/view-waiver/${view.participantId}`}>View the signed waiver</RemixLink>
        </Link>
      </WaiverLayout>
    );
  }
  if (actionData?.kind === "expired" || view.state === "expired") {
    return (
      <WaiverLayout title="Sign Waiver">
        <TokenExpired message={TOKEN_EXPIRED} hint={TOKEN_EXPIRED_HINT} />
      </WaiverLayout>
    );
  }
  if (view.state === "incomplete") {
    return (
      <WaiverLayout title="Sign Waiver">
        <Callout.Root color="amber" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text>This waiver link is incomplete. Open the link from the e-mail again, or contact support to have it resent.</Callout.Text>
        </Callout.Root>
      </WaiverLayout>
    );
  }
  return (
    <WaiverLayout title="Sign Waiver" description={<>Waiver for <Text weight="bold">{view.participantName}</Text></>}>
      {view.joining ? (
        <Callout.Root color="blue" role="status" data-testid="joining-step">
          <Callout.Text>Your account is ready. One last step: read and sign your waiver, so that you can be checked in.</Callout.Text>
        </Callout.Root>
      ) : null}
      <WaiverTextBlock text={view.text} />
      <SignForm token={view.token} consentLabel={view.joining ? OWN_CONSENT_LABEL : CONSENT_LABEL} lastResult={actionData?.kind === "invalid" ? actionData.result : undefined} />
    </WaiverLayout>
  );
}

/** The participant signing their own waiver (decision 068) agrees for themselves. */
const OWN_CONSENT_LABEL = "I have read this waiver and I agree to it.";

function SignForm({ token, consentLabel, lastResult }: { token: string; consentLabel: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<SignWaiverForm>({
    id: "sign-waiver-form",
    constraint: getZodConstraint(signWaiverFormSchema),
    lastResult,
    defaultValue: { token },
    // errors clear while typing, so nothing moves under the pointer on the way to the checkbox
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signWaiverFormSchema }),
  });
  const { key: tokenKey, ...tokenProps } = getInputProps(fields.token, { type: "hidden" });
  const { key: consentKey, ...consentProps } = getInputProps(fields.consent, { type: "checkbox" });
  const consentErrorId = fields.consent.errors?.length ? `${fields.consent.id}-error` : undefined;
  return (
    <Form method="post" {...getFormProps(form)}>
      <input key={tokenKey ?? undefined} {...tokenProps} />
      <Flex direction="column" gap="4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label="Full Name"
          hint="Type your full name: it counts as your signature."
          inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name" }}
          errors={fields.fullName.errors}
        />
        <Flex direction="column" gap="1">
          <CheckboxItem key={consentKey ?? undefined} {...consentProps} label={consentLabel} aria-describedby={consentErrorId} aria-invalid={consentErrorId ? true : undefined} />
          {consentErrorId ? (
            <Text id={consentErrorId} size="1" color="red" role="alert">
              {fields.consent.errors!.join(" ")}
            </Text>
          ) : null}
        </Flex>
        <Button type="submit" size="3" loading={submitting}>
          Sign Waiver
        </Button>
      </Flex>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
