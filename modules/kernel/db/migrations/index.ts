import type { MigrationSet } from "../migrate";
import * as eventStore from "./0001-event-store";
import * as checkpoints from "./0002-projection-checkpoints";
import * as hashChain from "./0003-event-hash-chain";
import * as partitioned from "./0004-events-partitioned";
import * as allOrNothing from "./0005-append-all-or-nothing";

/** The kernel's migrations; modules and projections add theirs with their own name prefix. */
export const kernelMigrations: MigrationSet = {
  "0001-kernel-event-store": eventStore,
  "0002-kernel-projection-checkpoints": checkpoints,
  "0003-kernel-event-hash-chain": hashChain,
  "0004-kernel-events-partitioned": partitioned,
  "0005-kernel-append-all-or-nothing": allOrNothing,
};
