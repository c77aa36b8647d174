-- Scheduled sync of URL sources (issue 35, item 3). A source with an interval is checked by the app's scheduler
-- when "nextSyncAt" is due: a process claims it by moving "nextSyncAt" on in the same UPDATE, so two processes
-- never check one source at once. A check writes nothing to the catalog: when upstream differs it sets the
-- "source changed" mark ("changedAt", and what changed in "changedSummary"), which clears when the team syncs
-- (applies) or dismisses it. "checkedDigest" is what upstream sent at the last check, so one change is reported
-- (History, e-mail) once.

-- AlterTable
ALTER TABLE "NamespaceSource" ADD COLUMN "syncIntervalMinutes" INTEGER,
ADD COLUMN "nextSyncAt" TIMESTAMP(3),
ADD COLUMN "lastCheckedAt" TIMESTAMP(3),
ADD COLUMN "lastCheckError" TEXT,
ADD COLUMN "checkedDigest" TEXT,
ADD COLUMN "changedAt" TIMESTAMP(3),
ADD COLUMN "changedSummary" JSONB;

-- CreateIndex
CREATE INDEX "NamespaceSource_nextSyncAt_idx" ON "NamespaceSource"("nextSyncAt");
