-- Writing agent events becomes a token scope of its own ("events"), so a token that only reads snapshots cannot
-- shape Insights. New tokens get it unless the owner unticks it (the column default and the app's); tokens made
-- before keep what they could do, so every existing token gains it.
-- A value added with ALTER TYPE … ADD VALUE cannot be used in the transaction that adds it (each migration runs in
-- one), so the enum is recreated with the new value instead.

ALTER TYPE "AgentTokenScope" RENAME TO "AgentTokenScope_before_events";
CREATE TYPE "AgentTokenScope" AS ENUM ('read', 'import', 'events');

ALTER TABLE "AgentToken" ALTER COLUMN "scopes" DROP DEFAULT;
ALTER TABLE "AgentToken" ALTER COLUMN "scopes" TYPE "AgentTokenScope"[]
  USING (array_append("scopes"::text[], 'events')::"AgentTokenScope"[]);
ALTER TABLE "AgentToken" ALTER COLUMN "scopes" SET DEFAULT ARRAY['read', 'events']::"AgentTokenScope"[];

DROP TYPE "AgentTokenScope_before_events";

-- What each catalog stored each UTC day (events and their bytes, kept by ingest in the statement that stores them),
-- so the bounds on stored events per catalog and per team (STOCKROOM_EVENTS_PER_*_PER_DAY, STOCKROOM_EVENT_MB_PER_*)
-- are checked by summing a few rows; the retention job deletes a day's row with the day.
CREATE TABLE "AgentEventUsage" (
    "catalogId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "events" BIGINT NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "AgentEventUsage_pkey" PRIMARY KEY ("catalogId","day")
);

ALTER TABLE "AgentEventUsage" ADD CONSTRAINT "AgentEventUsage_catalogId_fkey" FOREIGN KEY ("catalogId") REFERENCES "Catalog"("id") ON DELETE CASCADE ON UPDATE CASCADE;
