/**
 * How much `npm run bench:scale` generates. Full scale (SCALE=1): 1,000 organizations x 500 members (on
 * average) x 3 years, about 22 million events. SCALE is the fraction of the organizations kept (each keeps
 * its full size and history, so the largest organization's figures stay those of full scale);
 * SCALE_ORGS, SCALE_MEMBERS and SCALE_YEARS set the three knobs one by one instead.
 */
export type ScaleShape = {
  /** members of each organization; the first is the largest (4x the average from 10 organizations up) */
  orgSizes: number[];
  days: number;
  /** the days of the week an organization runs its program (0 Sunday), shifted per organization */
  programDays: number[];
  /** how often an Active member with a signed waiver comes, a year */
  visitsPerYear: number;
  /** notes per visit, on average (a third of them get a comment) */
  notesPerVisit: number;
  /** flags raised per visit; 70% are resolved two weeks later */
  flagsPerVisit: number;
  /** every `screeningEvery`-th organization screens its members on each visit */
  screeningEvery: number;
  /** the newest share of the days goes through the event store's append path instead of bulk INSERTs */
  appendShare: number;
  /** every member is registered on the first day (the baseline store); otherwise over the years */
  registerAtStart: boolean;
  seed: number;
};

const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
};

/** Sizes averaging `members`, the first organization the largest. */
export function orgSizesFor(orgs: number, members: number): number[] {
  if (orgs === 1) return [members];
  const largestFactor = Math.min(4, 1 + (3 * (orgs - 1)) / 9);
  const largest = Math.round(members * largestFactor);
  const rest = Math.max(1, Math.round((orgs * members - largest) / (orgs - 1)));
  return [largest, ...Array.from({ length: orgs - 1 }, () => rest)];
}

export function shapeFromEnv(): ScaleShape {
  const scale = num("SCALE", 0.01);
  const orgs = Math.max(1, Math.round(num("SCALE_ORGS", 1000 * scale)));
  const members = Math.max(1, Math.round(num("SCALE_MEMBERS", 500)));
  const years = num("SCALE_YEARS", 3);
  return {
    orgSizes: orgSizesFor(orgs, members),
    days: Math.max(7, Math.round(years * 365)),
    programDays: [1, 3, 6],
    visitsPerYear: 8,
    notesPerVisit: 0.15,
    flagsPerVisit: 0.01,
    screeningEvery: 4,
    appendShare: 0.05,
    registerAtStart: false,
    seed: num("SCALE_SEED", 23),
  };
}

/** The baseline ("empty") store: the largest organization alone, its members registered, one week of activity. */
export const baselineShape = (big: ScaleShape): ScaleShape => ({ ...big, orgSizes: [big.orgSizes[0]!], days: 7, registerAtStart: true, appendShare: 0.3 });

export const describeShape = (s: ScaleShape) =>
  `${s.orgSizes.length} organization(s), ${s.orgSizes.reduce((a, b) => a + b, 0)} members (largest ${s.orgSizes[0]}), ${s.days} days`;
