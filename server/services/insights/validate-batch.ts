import { agentEventSchema, eventBatchEnvelopeSchema, type EventBatch } from "@/domain/agent-events";
import { AppError } from "../../errors";

/** Client timestamps are believed within this window around the server's clock (queues flush late, clocks drift). */
export const EVENT_TIME_WINDOW = { pastMs: 7 * 86_400_000, futureMs: 5 * 60_000 } as const;
const MAX_LISTED = 20;

const describe = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) =>
  issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");

type Problem = { index: number; message: string };

/** Validates `raw[from, to)` into `events`, noting what is wrong with each bad one in `problems`. */
function validateSlice(
  raw: readonly unknown[],
  from: number,
  to: number,
  now: Date,
  into: { events: EventBatch["events"]; problems: Problem[]; seen: Set<string> },
): void {
  const { events, problems, seen } = into;
  for (let index = from; index < to; index++) {
    const parsed = agentEventSchema.safeParse(raw[index]);
    if (!parsed.success) {
      problems.push({ index, message: describe(parsed.error.issues) });
      continue;
    }
    const event = parsed.data;
    if (seen.has(event.id)) {
      problems.push({ index, message: `id: "${event.id}" appears twice in this batch` });
      continue;
    }
    seen.add(event.id);
    const at = event.at === undefined ? undefined : Date.parse(event.at);
    if (
      at !== undefined &&
      (at < now.getTime() - EVENT_TIME_WINDOW.pastMs || at > now.getTime() + EVENT_TIME_WINDOW.futureMs)
    )
      problems.push({
        index,
        message: "at: must be within the last 7 days and at most 5 minutes ahead of the server's clock",
      });
    else events.push(event);
  }
}

function envelopeOf(body: unknown) {
  const envelope = eventBatchEnvelopeSchema.safeParse(body);
  if (!envelope.success)
    throw new AppError(
      "INVALID_INPUT",
      `The body must be { events: [...], dropped? }: ${describe(envelope.error.issues)}`,
    );
  return envelope.data;
}

function batchOrRefusal(
  total: number,
  dropped: number | undefined,
  into: { events: EventBatch["events"]; problems: Problem[] },
): EventBatch {
  const { events, problems } = into;
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED).map((p) => `events[${p.index}]: ${p.message}`);
    const more = problems.length > MAX_LISTED ? ` (and ${problems.length - MAX_LISTED} more)` : "";
    throw new AppError(
      "INVALID_INPUT",
      `${problems.length} of ${total} events are invalid; nothing was stored. ${listed.join(" | ")}${more}`,
      {
        invalidEvents: problems.slice(0, 100),
      },
    );
  }
  return { events, dropped };
}

/**
 * The batch, or INVALID_INPUT naming every bad event by index (`events[3].hits.0.rank: …`). One bad event
 * refuses the whole batch, so nothing is half-written and the client can fix and resend it as it was.
 */
export function validateEventBatch(body: unknown, now = new Date()): EventBatch {
  const { events, dropped } = envelopeOf(body);
  const into = { events: [], problems: [], seen: new Set<string>() };
  validateSlice(events, 0, events.length, now, into);
  return batchOrRefusal(events.length, dropped, into);
}

/** Events validated between two turns of the event loop by validateEventBatchYielding. */
export const VALIDATION_SLICE = 200;

/**
 * validateEventBatch, a slice of events at a time with the event loop free between slices: validating a batch
 * of 1,000 events takes tens of milliseconds of CPU, which other users' requests would otherwise wait behind.
 */
export async function validateEventBatchYielding(body: unknown, now = new Date()): Promise<EventBatch> {
  const { events, dropped } = envelopeOf(body);
  const into = { events: [], problems: [], seen: new Set<string>() };
  for (let from = 0; from < events.length; from += VALIDATION_SLICE) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    validateSlice(events, from, Math.min(events.length, from + VALIDATION_SLICE), now, into);
  }
  return batchOrRefusal(events.length, dropped, into);
}
