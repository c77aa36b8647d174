-- Running syncs, shared between processes on one Postgres server (issue 35, item 8): the process that applies a
-- sync writes its phase and counts here now and then, outside the sync's own transaction, and reads whether a
-- cancel was asked; a poll or a cancel that reaches another process reads or sets the row. One row per catalog
-- and sync id (an id the browser makes up per apply); rows are dropped a day after their last change. Not used on
-- the embedded database, which is one process (the registry in memory is enough there).

-- CreateTable
CREATE TABLE "SyncRun" (
    "catalogId" TEXT NOT NULL,
    "syncId" TEXT NOT NULL,
    "userId" TEXT,
    "state" TEXT NOT NULL DEFAULT 'running',
    "phase" TEXT,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SyncRun_pkey" PRIMARY KEY ("catalogId","syncId")
);

-- CreateIndex
CREATE INDEX "SyncRun_updatedAt_idx" ON "SyncRun"("updatedAt");

-- AddForeignKey
ALTER TABLE "SyncRun" ADD CONSTRAINT "SyncRun_catalogId_fkey" FOREIGN KEY ("catalogId") REFERENCES "Catalog"("id") ON DELETE CASCADE ON UPDATE CASCADE;
