import type { ColumnType } from "kysely";

/** The kernel's own tables, as Kysely sees them. */
export type KernelTables = {
  projection_checkpoints: {
    name: string;
    position: number;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
};
