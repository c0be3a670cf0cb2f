/** What /health and /api/health show. */
export type ComponentHealth = { name: string; ok: boolean; detail: string };

export type ProjectionHealth = {
  name: string;
  checkpoint: number;
  /** head position minus checkpoint */
  lag: number;
};

export type HealthReport = {
  ok: boolean;
  role: string;
  eventStore: { adapter: string; headPosition: number };
  components: ComponentHealth[];
  projections: ProjectionHealth[];
  checkedAt: string;
};
