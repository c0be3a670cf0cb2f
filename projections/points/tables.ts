import type { ColumnType } from "kysely";
import type { OrderLine, OrderStatus, PointCategory } from "../../modules/points";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Points, the store and its orders (modules/points, decision 075). */
export type PointTables = {
  rm_point_entries: {
    id: string;
    organization_id: string;
    participant_id: string;
    /** award, spend, reversal, refund */
    kind: string;
    /** signed: a spend or a reversal is negative */
    amount: number;
    category: PointCategory | null;
    reason: string;
    source_kind: string | null;
    source_id: string | null;
    reverses_id: string | null;
    reversed: boolean;
    actor_id: string | null;
    created_at: Timestamp;
  };
  rm_point_balances: {
    participant_id: string;
    organization_id: string;
    balance: number;
    earned: number;
    hidden: boolean;
    /** how many ledger entries the member has (decision 085, migration 2101) */
    entries: ColumnType<number, number | undefined, number>;
    updated_at: Timestamp;
    /** the member's points stream folded as the checkout's spend decider folds it, and the revision it is folded to; null: not known (decision 125, migration 3301) */
    stream_revision: ColumnType<number | null, number | null | undefined, number | null>;
    stream_balance: ColumnType<number | null, number | null | undefined, number | null>;
  };
  /** points earned per member and calendar week or month of the organization's zone (decision 085) */
  rm_point_periods: {
    organization_id: string;
    period: "week" | "month";
    /** the period's first day, 'YYYY-MM-DD' (a Monday, or the 1st) */
    starts_on: ColumnType<string, string, string>;
    participant_id: string;
    earned: number;
    hidden: boolean;
  };
  rm_store_items: {
    id: string;
    organization_id: string;
    name: string;
    description: string;
    picture: string | null;
    price: number;
    stock: number;
    reserved: number;
    per_member_limit: number | null;
    visible_groups: Json<string[]>;
    removed: boolean;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** units reserved for an order not placed yet (decision 086, migration 2102) */
  rm_store_reservations: {
    order_id: string;
    item_id: string;
    organization_id: string;
    participant_id: string;
    quantity: number;
    reserved_at: Timestamp;
  };
  rm_store_orders: {
    id: string;
    organization_id: string;
    participant_id: string;
    lines: Json<OrderLine[]>;
    total: number;
    status: OrderStatus;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
};
