-- The day counters move from one row per metric ("AgentEventDaily") to one row per (catalog, day, version, tool)
-- with a column per metric ("AgentDailyCount"), so an ingest batch upserts about one row per tool it touches
-- instead of one per tool and metric; the two bucketed metrics become histograms in "AgentDailyBucket".
-- Existing counters are carried over, summed into the new rows.

-- CreateTable
CREATE TABLE "AgentDailyCount" (
    "catalogId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "snapshotVersion" INTEGER NOT NULL,
    "toolId" TEXT NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "empty" INTEGER NOT NULL DEFAULT 0,
    "weak" INTEGER NOT NULL DEFAULT 0,
    "repeated" INTEGER NOT NULL DEFAULT 0,
    "followed" INTEGER NOT NULL DEFAULT 0,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "unreturned" INTEGER NOT NULL DEFAULT 0,
    "finished" INTEGER NOT NULL DEFAULT 0,
    "ok" INTEGER NOT NULL DEFAULT 0,
    "returned" INTEGER NOT NULL DEFAULT 0,
    "called" INTEGER NOT NULL DEFAULT 0,
    "ranked" INTEGER NOT NULL DEFAULT 0,
    "rankSum" INTEGER NOT NULL DEFAULT 0,
    "toolOk" INTEGER NOT NULL DEFAULT 0,
    "dropped" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AgentDailyCount_pkey" PRIMARY KEY ("catalogId","day","snapshotVersion","toolId")
);

-- CreateTable
CREATE TABLE "AgentDailyBucket" (
    "catalogId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "snapshotVersion" INTEGER NOT NULL,
    "metric" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "AgentDailyBucket_pkey" PRIMARY KEY ("catalogId","day","snapshotVersion","metric","bucket")
);

INSERT INTO "AgentDailyCount" ("catalogId", "day", "snapshotVersion", "toolId", "searches", "empty", "weak", "repeated",
  "followed", "calls", "unreturned", "finished", "ok", "returned", "called", "ranked", "rankSum", "toolOk", "dropped")
SELECT "catalogId", "day", "snapshotVersion", "toolId",
  COALESCE(sum("count") FILTER (WHERE "metric" = 'search'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'search.empty'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'search.weak'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'search.repeated'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'search.followed'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'call'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'call.unreturned'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'call.finished'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'call.ok'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'tool.returned'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'tool.called'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'tool.ranked'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'tool.rankSum'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'tool.ok'), 0),
  COALESCE(sum("count") FILTER (WHERE "metric" = 'sdk.dropped'), 0)
FROM "AgentEventDaily"
WHERE "metric" NOT IN ('search.latency', 'call.rank')
GROUP BY "catalogId", "day", "snapshotVersion", "toolId";

INSERT INTO "AgentDailyBucket" ("catalogId", "day", "snapshotVersion", "metric", "bucket", "count")
SELECT "catalogId", "day", "snapshotVersion", "metric", "bucket", sum("count")
FROM "AgentEventDaily"
WHERE "metric" IN ('search.latency', 'call.rank')
GROUP BY "catalogId", "day", "snapshotVersion", "metric", "bucket";

-- DropTable
DROP TABLE "AgentEventDaily";
