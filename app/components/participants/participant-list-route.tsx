import { Button, Flex } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { RegistrationFields } from "#modules/organizations/client";
import { useQueryHref } from "~/components/programs/staff-list-controls";
import type { ParticipantListData } from "~/utils/participant-list";
import { ParticipantForm, type EditedParticipant } from "./participant-form";
import { ParticipantListPage } from "./participant-list-page";
import { ParticipantAccountCard, type ParticipantAccountView } from "./participant-account-card";

export type ParticipantListRouteData = ParticipantListData & {
  canManage: boolean;
  editing: "new" | EditedParticipant | null;
  /** the edited participant's own account (decision 068); null when the caller does not invite */
  account: ParticipantAccountView | null;
  rules: { fields?: RegistrationFields; today: string };
  commandId: string;
};

/** The list with its 'Create Participant' button and the create or edit panel (decision 065). */
export function ParticipantListRoute({ data, exportButton }: { data: ParticipantListRouteData; exportButton?: ReactNode }) {
  const href = useQueryHref();
  const { canManage, editing, account, rules, commandId, ...list } = data;
  const actions = (
    <>
      {exportButton}
      {canManage && !editing ? (
        <Button asChild>
          <RemixLink to={href({ edit: "new" })} preventScrollReset>
            Create Participant
          </RemixLink>
        </Button>
      ) : null}
    </>
  );
  const form = editing ? (
    <ParticipantForm key={editing === "new" ? "new" : editing.id} participant={editing === "new" ? null : editing} rules={rules} commandId={commandId} closeHref={href({ edit: null })} />
  ) : null;
  const panel =
    editing && editing !== "new" && account ? (
      <Flex direction="column" gap="4">
        {form}
        <ParticipantAccountCard participantId={editing.id} name={editing.full_name} account={account} commandId={commandId} />
      </Flex>
    ) : (
      form
    );
  return <ParticipantListPage {...list} actions={actions} panel={panel} editHref={canManage ? (id) => href({ edit: id }) : null} />;
}
