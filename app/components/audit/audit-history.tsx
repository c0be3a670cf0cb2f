import { Badge, Box, Button, Callout, Card, Flex, Heading, Slider, Table, Text, TextField } from "@radix-ui/themes";
import dayjs from "dayjs";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AuditChange, AuditEntry, AuditState, CommentAt, FlagAt, NoteAt } from "#modules/audit";
import { ExportFlagHistoryButton } from "~/components/exports/export-buttons";

/** Dates read MM/DD/YYYY at hh:mm A (spec-2 section 9), in the viewer's time. */
export const auditTime = (iso: string) => dayjs(iso).format("MM/DD/YYYY [at] hh:mm A");
/** The value of a datetime-local input for a moment, in the viewer's time (to the second). */
const localInput = (iso: string) => dayjs(iso).format("YYYY-MM-DDTHH:mm:ss");

type Props = {
  participantId: string;
  timeline: AuditEntry[];
  initial: AuditState;
  /** the viewer holds CAN_EXPORT_PARTICIPANT_PROFILE: the background history export is offered */
  canExport?: boolean;
};

/** The moment the slider's step k stands for: 0 is before the first event, k after the k-th. */
function momentOf(timeline: AuditEntry[], k: number): string {
  if (k <= 0) return new Date(Date.parse(timeline[0]!.occurredAt) - 1).toISOString();
  return timeline[Math.min(k, timeline.length) - 1]!.occurredAt;
}

/** How many events happened at or before the moment. */
const stepOf = (timeline: AuditEntry[], iso: string) => timeline.filter((e) => Date.parse(e.occurredAt) <= Date.parse(iso)).length;

/**
 * The auditor's replay (issue 5, decision 021): a time control over the participant's history (a slider
 * over its events and a date-time input), the notes and flags as they stood at that moment (replayed by
 * the server from the events, GET /api/audit/participant/{id}?at=), the timeline, 'Download CSV' and the background export
 * ('Export note and flag history', for holders of the export permission).
 */
export function AuditHistory({ participantId, timeline, initial, canExport = false }: Props) {
  const [state, setState] = useState<AuditState>(initial);
  const [step, setStep] = useState(timeline.length);
  const [moment, setMoment] = useState(initial.at);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const load = useCallback(
    async (at: string) => {
      const ticket = ++latest.current;
      setLoading(true);
      try {
        const response = await fetch(`/api/audit/participant/${participantId}?at=${encodeURIComponent(at)}`, { headers: { Accept: "application/json" } });
        const body = (await response.json()) as { state?: AuditState; message?: string };
        if (ticket !== latest.current) return;
        if (!response.ok || !body.state) setError(body.message ?? "Something Went Wrong");
        else {
          setError(null);
          setState(body.state);
        }
      } catch {
        if (ticket === latest.current) setError("Something Went Wrong");
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [participantId],
  );

  // the slider asks once it rests for a moment, so dragging across many events sends one call
  useEffect(() => {
    if (moment === state.at) return;
    const timer = setTimeout(() => void load(moment), 150);
    return () => clearTimeout(timer);
  }, [moment, state.at, load]);

  const onSlide = (value: number[]) => {
    const k = value[0] ?? timeline.length;
    setStep(k);
    setMoment(momentOf(timeline, k));
  };
  const onInput = (value: string) => {
    const parsed = dayjs(value);
    if (!value || !parsed.isValid()) return;
    const iso = parsed.toDate().toISOString();
    setStep(stepOf(timeline, iso));
    setMoment(iso);
  };
  const toNow = () => {
    setStep(timeline.length);
    setMoment(new Date().toISOString());
  };

  return (
    <Flex direction="column" gap="5">
      <Card size="2">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" wrap="wrap" gap="3">
            <Heading as="h2" size="4">
              Time control
            </Heading>
            <Flex gap="2" wrap="wrap">
              <Button asChild variant="soft">
                <a href={`/api/audit/participant/${participantId}/timeline.csv`} download>
                  Download CSV
                </a>
              </Button>
              {canExport ? <ExportFlagHistoryButton participantId={participantId} size="2" /> : null}
            </Flex>
          </Flex>
          {timeline.length === 0 ? (
            <Text color="gray">No notes, comments or flags have been recorded for this participant.</Text>
          ) : (
            <>
              <Box data-testid="audit-slider">
                <Slider min={0} max={timeline.length} step={1} value={[step]} onValueChange={onSlide} aria-label="Time control" />
              </Box>
              <Flex justify="between">
                <Text size="1" color="gray">
                  {auditTime(timeline[0]!.occurredAt)}
                </Text>
                <Text size="1" color="gray">
                  {auditTime(timeline[timeline.length - 1]!.occurredAt)}
                </Text>
              </Flex>
            </>
          )}
          <Flex gap="3" align="end" wrap="wrap">
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                Moment
              </Text>
              <TextField.Root type="datetime-local" step="1" value={localInput(moment)} onChange={(e) => onInput(e.currentTarget.value)} aria-label="Moment" />
            </label>
            <Button variant="outline" onClick={toNow}>
              Now
            </Button>
          </Flex>
          <Text size="2" data-testid="audit-moment">
            As it stood on <strong>{auditTime(state.at)}</strong>: {state.eventCount} of {timeline.length} events {loading ? "(loading...)" : ""}
          </Text>
          {error && (
            <Callout.Root color="red">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
      </Card>

      <Box data-testid="audit-state">
        <Heading as="h2" size="4" mb="3">
          Notes and flags at that moment
        </Heading>
        {state.flags.length === 0 && state.notes.length === 0 && <Text color="gray">Nothing had been written yet.</Text>}
        <Flex direction="column" gap="3">
          {state.flags.map((flag) => (
            <FlagCard key={flag.flagId} flag={flag} />
          ))}
          {state.notes.map((note) => (
            <NoteCard key={note.noteId} note={note} />
          ))}
        </Flex>
      </Box>

      <Box>
        <Heading as="h2" size="4" mb="3">
          Timeline
        </Heading>
        <Timeline timeline={timeline} moment={state.at} />
      </Box>
    </Flex>
  );
}

const who = (actor: { name: string; role: string }) => (actor.role ? `${actor.name} (${actor.role})` : actor.name);

function NoteCard({ note }: { note: NoteAt }) {
  const color = note.status === "Deleted" ? "red" : note.status === "Archive" ? "gray" : "green";
  return (
    <Card data-testid="audit-note" style={note.status === "Deleted" ? { opacity: 0.7 } : undefined}>
      <Flex justify="between" gap="3" wrap="wrap">
        <Text size="2" weight="bold">
          {who(note.author)}
        </Text>
        <Flex gap="2" align="center">
          <Badge color={color}>{note.status}</Badge>
          <Badge variant="outline">{note.type ?? "General"}</Badge>
          {note.edited && <Badge variant="soft">Edited</Badge>}
        </Flex>
      </Flex>
      <Text as="p" size="1" color="gray">
        {auditTime(note.createdAt)}
        {note.edited ? ` · last edited ${auditTime(note.updatedAt)}` : ""}
      </Text>
      <Text as="p" size="3" my="2" style={{ whiteSpace: "pre-wrap", textDecoration: note.status === "Deleted" ? "line-through" : undefined }} data-testid="audit-note-message">
        {note.message}
      </Text>
      <Text as="p" size="1" color="gray">
        Note viewable by {note.viewableBy.length ? note.viewableBy.join(", ") : "all staff"}
      </Text>
      {note.archived && (
        <Text as="p" size="2" mt="1">
          Archived by {who(note.archived.by)} on {auditTime(note.archived.at)}: {note.archived.reason}
        </Text>
      )}
      {note.deleted && (
        <Text as="p" size="2" mt="1" color="red">
          Deleted by {who(note.deleted.by)} on {auditTime(note.deleted.at)}
        </Text>
      )}
      {note.comments.length > 0 && (
        <Box mt="2" pl="3" style={{ borderLeft: "2px solid var(--gray-a5)" }}>
          {note.comments.map((c) => (
            <CommentLine key={c.commentId} comment={c} />
          ))}
        </Box>
      )}
    </Card>
  );
}

function CommentLine({ comment }: { comment: CommentAt }) {
  return (
    <Box mb="2">
      <Text as="p" size="1" color="gray">
        {comment.type === "Archive Note" ? "Archive Note" : "Comment"} · {who(comment.author)} · {auditTime(comment.createdAt)}
        {comment.edited ? " · Edited" : ""}
      </Text>
      <Text as="p" size="2" style={{ textDecoration: comment.deleted ? "line-through" : undefined }}>
        {comment.message}
      </Text>
      {comment.deleted && (
        <Text as="p" size="1" color="red">
          Comment deleted by {who(comment.deleted.by)} on {auditTime(comment.deleted.at)}: {comment.deleted.reason}
        </Text>
      )}
    </Box>
  );
}

function FlagCard({ flag }: { flag: FlagAt }) {
  const active = flag.status === "Active";
  const border = active ? (flag.type === "stop" ? "var(--red-9)" : "var(--amber-9)") : "var(--green-9)";
  return (
    <Card data-testid="audit-flag" style={{ borderLeft: `4px solid ${border}` }}>
      <Flex justify="between" gap="3" wrap="wrap">
        <Text size="2" weight="bold">
          {flag.noteType} · {who(flag.flaggedBy)}
        </Text>
        <Badge color={active ? (flag.type === "stop" ? "red" : "amber") : "green"}>{active ? "Active" : "Resolved"}</Badge>
      </Flex>
      <Text as="p" size="1" color="gray">
        {auditTime(flag.flaggedAt)}
      </Text>
      <Text as="p" size="3" my="2">
        {flag.message}
      </Text>
      {flag.resolution && (
        <Text as="p" size="2">
          Resolved by {who(flag.resolution.by)} on {auditTime(flag.resolution.at)}: {flag.resolution.message}
        </Text>
      )}
    </Card>
  );
}

function ChangeText({ change }: { change: AuditChange }) {
  return (
    <Text as="div" size="2">
      <Text weight="medium">{change.field}:</Text> {change.before !== null && <Text color="gray" style={{ textDecoration: "line-through" }}>{change.before}</Text>}
      {change.before !== null && change.after !== null && " → "}
      {change.after !== null ? <Text>{change.after}</Text> : change.before !== null ? <Text color="red"> (removed)</Text> : null}
    </Text>
  );
}

/** Every event, oldest first; events after the chosen moment are dimmed. */
function Timeline({ timeline, moment }: { timeline: AuditEntry[]; moment: string }) {
  if (timeline.length === 0) return <Text color="gray">No events.</Text>;
  const limit = Date.parse(moment);
  return (
    <Table.Root variant="surface" size="1">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Time</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Actor</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Action</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>What changed (before → after)</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {timeline.map((entry) => (
          <Table.Row key={entry.eventId} data-testid="audit-event" style={Date.parse(entry.occurredAt) > limit ? { opacity: 0.4 } : undefined}>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>{auditTime(entry.occurredAt)}</Table.Cell>
            <Table.Cell>
              {entry.actor.name}
              {entry.actingAs ? (
                <Text as="div" size="1" color="gray" data-testid="audit-acting-as">
                  superadmin of {entry.actingAs.homeOrganizationName}
                </Text>
              ) : null}
            </Table.Cell>
            <Table.Cell>{entry.actor.role}</Table.Cell>
            <Table.Cell>
              <Badge variant="soft" color={entry.subject === "Flag" ? "red" : entry.subject === "Comment" ? "blue" : "gray"}>
                {entry.action}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              {entry.changes.map((c) => (
                <ChangeText key={c.field} change={c} />
              ))}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
