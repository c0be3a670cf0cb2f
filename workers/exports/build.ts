import { Readable, Transform } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";
import type { Kysely } from "kysely";
import type pg from "pg";
import JSZip from "jszip";
import { AUDIT_CSV_HEADER } from "../../modules/audit";
import { csvFormatter, exportFileKey, neutralizeCell, type BundleFilters, type ExportRequestedData } from "../../modules/exports";
import type { Clock, EventStore } from "../../modules/kernel";
import type { BlobStorage, WriteResult } from "../../modules/storage";
import type { ReadModels } from "../../projections";
import { hiddenColumns, requesterAssignedTo, requesterRole } from "./field-policy";
import { isReportKind, reportSource } from "./report-sources";
import { countRows, cursorRows, FETCH_SIZE, historyRows, loadLookup, rowQueryFor } from "./sources";
import { userListSource } from "./user-list-source";
import { parentListSource } from "./parent-list-source";
import { isSurveyKind, surveySource } from "./survey-sources";

/**
 * A full collection now and then while a large file is written. V8 lets the garbage of millions of
 * short-lived row strings pile up in the old generation (its heap limit is fixed at process start, so it
 * cannot be lowered for the worker alone); a collection every COLLECT_EVERY rows keeps the worker's
 * memory flat at a cost of a few milliseconds each (decision 014). Without the hook it does nothing.
 */
const COLLECT_EVERY = 200_000;
let collect: (() => void) | null | undefined;
function collectGarbage(): void {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      collect = vm.runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}

export type BuildProgress = (progress: { rows: number; total: number }) => void;
export type BuiltFile = WriteResult & { rows: number };

/** How a bundle finds its parts' files: the parts' ExportCompleted facts. */
export type BundlePart = { exportId: string; fileKey: string; fileName: string; rows: number };

/** Where a CSV's rows come from: batches of rows, how many in all, and a join applied to each row. */
type RowSource = { header: readonly string[]; total: number; batches: AsyncIterable<string[][]>; join?: (row: string[]) => void };

async function* inBatches(rows: string[][], size = FETCH_SIZE): AsyncGenerator<string[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * The rows of an export: the note and flag history is the audit timeline replayed from the event store
 * (a few hundred rows, in memory); every other kind streams from its read model through a cursor.
 */
async function rowSourceFor(deps: BuildDeps, requested: ExportRequestedData): Promise<RowSource> {
  if (requested.kind === "flag-history") {
    const rows = await historyRows(deps, requested);
    return { header: AUDIT_CSV_HEADER, total: rows.length, batches: inBatches(rows) };
  }
  // the program and event reports page through the report calls' own page functions (decision 054)
  if (isReportKind(requested.kind)) return reportSource(deps, requested);
  // a staff user group's list pages through the list's own query (decision 061)
  if (requested.kind === "user-list") return userListSource(deps, requested);
  if (requested.kind === "parent-list") return parentListSource(deps, requested);
  // a survey's report and a pair's evaluation page through their calls' own queries (decision 106)
  if (isSurveyKind(requested.kind)) return surveySource(deps, requested);
  // 'View assigned only' staff export only the participants of the programs they coach (decision 070)
  const assignedTo = requested.kind === "participants" ? await requesterAssignedTo(deps.db, requested.organizationId, requested.requestedBy) : undefined;
  const query = rowQueryFor(requested, assignedTo);
  const [total, lookup, role] = await Promise.all([countRows(deps.pool, query), loadLookup(deps.pool, query), requesterRole(deps.db, requested.organizationId, requested.requestedBy)]);
  const join = query.lookup;
  // the columns the requester's role may not see are blanked (decision 027)
  const hidden = hiddenColumns(requested.kind, role);
  const blank = (row: string[]) => {
    for (const i of hidden) row[i] = "";
  };
  if (!join && hidden.length === 0) return { header: query.header, total, batches: cursorRows(deps.pool, query) };
  return {
    header: query.header,
    total,
    batches: cursorRows(deps.pool, query),
    join: (row) => {
      join?.apply(row, lookup.get(row[join.keyColumn]!));
      blank(row);
    },
  };
}

export type BuildDeps = { pool: pg.Pool; storage: BlobStorage; store: EventStore; db: Kysely<ReadModels>; clock?: Clock };

/**
 * Streams the export's rows (from the read model, or the replayed history) through fast-csv into storage
 * at the export's key: batches of rows, each cell neutralised (decision 015), back-pressure all the way
 * to the disk. storage.write lands the file whole or not at all, so a killed attempt leaves no file under
 * the key, and a retry writes the same key again: one export, one file.
 */
export async function buildCsv(deps: BuildDeps, requested: ExportRequestedData, onProgress: BuildProgress = () => undefined): Promise<BuiltFile> {
  const { header, total, batches, join } = await rowSourceFor(deps, requested);
  let rows = 0;
  onProgress({ rows, total });
  const csv = csvFormatter(header);
  // one batch (FETCH_SIZE rows) waits here at most, plus the one the cursor is fetching
  const source = Readable.from(batches, { highWaterMark: 1 });
  const toCells = new Transform({
    writableObjectMode: true,
    readableObjectMode: true,
    writableHighWaterMark: 1,
    readableHighWaterMark: 1000,
    transform(batch: string[][], _encoding, done) {
      for (const row of batch) {
        if (join) join(row);
        for (let i = 0; i < row.length; i++) row[i] = neutralizeCell(row[i]);
        this.push(row);
      }
      const before = rows;
      rows += batch.length;
      if (Math.floor(rows / COLLECT_EVERY) !== Math.floor(before / COLLECT_EVERY)) collectGarbage();
      onProgress({ rows, total });
      done();
    },
  });
  source.on("error", (error) => csv.destroy(error));
  toCells.on("error", (error) => csv.destroy(error));
  source.pipe(toCells).pipe(csv);
  const chunks = coalesce();
  csv.on("error", (error) => chunks.destroy(error));
  const written = await deps.storage.write(exportFileKey(requested.organizationId, requested.exportId, requested.fileName), csv.pipe(chunks));
  return { ...written, rows };
}

/**
 * fast-csv emits one small string per row; these are joined into 256 KB buffers before hashing and
 * writing, so the file stream holds a few large buffers instead of thousands of tiny ones (less garbage
 * for the collector to promote, steadier memory).
 */
function coalesce(size = 256 * 1024): Transform {
  let parts: string[] = [];
  let length = 0;
  return new Transform({
    writableObjectMode: true,
    transform(chunk: string | Buffer, _encoding, done) {
      const text = typeof chunk === "string" ? chunk : chunk.toString("utf8");
      parts.push(text);
      length += text.length;
      if (length >= size) {
        this.push(Buffer.from(parts.join("")));
        parts = [];
        length = 0;
      }
      done();
    },
    flush(done) {
      if (parts.length) this.push(Buffer.from(parts.join("")));
      done();
    },
  });
}

/** Several finished exports in one zip (jszip, streamed: each part is read from storage as the zip is written). */
export async function buildBundle(deps: { storage: BlobStorage }, requested: ExportRequestedData, parts: BundlePart[], onProgress: BuildProgress = () => undefined): Promise<BuiltFile> {
  const zip = new JSZip();
  const used = new Set<string>();
  for (const part of parts) {
    let name = part.fileName;
    for (let n = 2; used.has(name); n++) name = part.fileName.replace(/(\.[^.]+)?$/, (ext) => `-${n}${ext}`);
    used.add(name);
    zip.file(name, await deps.storage.read(part.fileKey), { binary: true });
  }
  const total = parts.reduce((sum, p) => sum + p.rows, 0);
  onProgress({ rows: 0, total });
  const stream = zip.generateNodeStream({ type: "nodebuffer", streamFiles: true, compression: "DEFLATE", compressionOptions: { level: 6 } }, (meta) =>
    onProgress({ rows: Math.floor((meta.percent / 100) * total), total }),
  );
  // jszip hands back an old-style (readable-stream 2) stream: wrap it into a modern Readable
  const written = await deps.storage.write(exportFileKey(requested.organizationId, requested.exportId, requested.fileName), new Readable({ read() {} }).wrap(stream));
  onProgress({ rows: total, total });
  return { ...written, rows: total };
}

export const bundleIdsOf = (requested: ExportRequestedData) => (requested.filters as BundleFilters).exportIds;
