import { handleCommand, type Clock, type EventStore } from "../../kernel";
import { userGroupDecider, type UserGroupCommand } from "./decide";
import { userGroupStream } from "./events";

export type Deps = { store: EventStore; clock: Clock };

/** Create, update or delete a user group on its stream `usergroup-{id}`. */
export const handleUserGroupCommand = (deps: Deps, command: UserGroupCommand) =>
  handleCommand(deps, userGroupDecider, userGroupStream(command.data.userGroupId), command);
