// A catalog may refuse to publish while its draft has quality findings (the Settings tab's "Block publishing on
// quality findings"; docs/catalog-check.md, "Health"). No quality rule is an error (the most severe quality
// findings are warnings, see domain/catalog-check/rules.ts), so the gate blocks from warnings up.
import {
  type CheckSeverity,
  checkInputOfSnapshot,
  checkTool,
  prepareCatalog,
  severityRank,
} from "@/domain/catalog-check/index";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import { AppError } from "../../errors";

/** The least severe quality finding that blocks a publish when the catalog asks for it. */
export const QUALITY_GATE_SEVERITY: CheckSeverity = "warning";

/** A quality finding that blocks publishing: the tool and the rule. */
export interface QualityBlock {
  toolId: string;
  rule: string;
}

/**
 * Blocks per content object: draft contents and published payloads are shared objects nobody changes (a changed
 * draft is a new object), so the review and the publish right after it check a draft once. Not a cache of rows.
 */
const checked = new WeakMap<SnapshotContent, QualityBlock[]>();

/** The content's quality findings at or above QUALITY_GATE_SEVERITY, in tool order, one per tool and rule. */
export function findQualityBlocks(content: SnapshotContent): QualityBlock[] {
  const remembered = checked.get(content);
  if (remembered) return remembered;
  const { tools } = checkInputOfSnapshot(content);
  const context = prepareCatalog(tools);
  const limit = severityRank(QUALITY_GATE_SEVERITY);
  const blocks = tools.flatMap((tool) =>
    checkTool(tool, context)
      .filter((f) => f.category === "quality" && severityRank(f.severity) <= limit)
      .map((f) => ({ toolId: f.toolId, rule: f.rule })),
  );
  checked.set(content, blocks);
  return blocks;
}

const MAX_LISTED = 5;

/** Refuses the content when the catalog blocks on quality and the content has quality findings that block. */
export function passQualityGate(content: SnapshotContent, blockOnQuality: boolean): void {
  if (!blockOnQuality) return;
  const blocks = findQualityBlocks(content);
  if (blocks.length === 0) return;
  const tools = new Set(blocks.map((b) => b.toolId)).size;
  const listed = blocks
    .slice(0, MAX_LISTED)
    .map((b) => `${b.toolId} (${b.rule})`)
    .join(", ");
  throw new AppError(
    "UNPROCESSABLE",
    `This catalog blocks publishing on quality findings, and ${tools} tool${tools === 1 ? " has" : "s have"} ${blocks.length} quality warning${blocks.length === 1 ? "" : "s"}: ${listed}${blocks.length > MAX_LISTED ? ", …" : ""}. Fix them (the Health tab lists them all), or turn off "Block publishing on quality findings" in Settings.`,
    { qualityErrors: blocks },
  );
}
