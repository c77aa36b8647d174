import { agentEventSchema, eventBatchEnvelopeSchema, type EventBatch } from "@/domain/agent-events";
import { AppError } from "../../errors";

/** Client timestamps are believed within this window around the server's clock (queues flush late, clocks drift). */
export const EVENT_TIME_WINDOW = { pastMs: 7 * 86_400_000, futureMs: 5 * 60_000 } as const;
const MAX_LISTED = 20;

const describe = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) =>
  issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");

/**
 * The batch, or INVALID_INPUT naming every bad event by index (`events[3].hits.0.rank: …`). One bad event
 * refuses the whole batch, so nothing is half-written and the client can fix and resend it as it was.
 */
export function validateEventBatch(body: unknown, now = new Date()): EventBatch {
  const envelope = eventBatchEnvelopeSchema.safeParse(body);
  if (!envelope.success)
    throw new AppError(
      "INVALID_INPUT",
      `The body must be { events: [...], dropped? }: ${describe(envelope.error.issues)}`,
    );
  const problems: Array<{ index: number; message: string }> = [];
  const events: EventBatch["events"] = [];
  const seen = new Set<string>();
  envelope.data.events.forEach((raw, index) => {
    const parsed = agentEventSchema.safeParse(raw);
    if (!parsed.success) return problems.push({ index, message: describe(parsed.error.issues) });
    const event = parsed.data;
    if (seen.has(event.id)) return problems.push({ index, message: `id: "${event.id}" appears twice in this batch` });
    seen.add(event.id);
    if (event.at !== undefined) {
      const at = Date.parse(event.at);
      if (at < now.getTime() - EVENT_TIME_WINDOW.pastMs || at > now.getTime() + EVENT_TIME_WINDOW.futureMs) {
        return problems.push({
          index,
          message: "at: must be within the last 7 days and at most 5 minutes ahead of the server's clock",
        });
      }
    }
    events.push(event);
  });
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED).map((p) => `events[${p.index}]: ${p.message}`);
    const more = problems.length > MAX_LISTED ? ` (and ${problems.length - MAX_LISTED} more)` : "";
    throw new AppError(
      "INVALID_INPUT",
      `${problems.length} of ${envelope.data.events.length} events are invalid; nothing was stored. ${listed.join(" | ")}${more}`,
      {
        invalidEvents: problems.slice(0, 100),
      },
    );
  }
  return { events, dropped: envelope.data.dropped };
}
