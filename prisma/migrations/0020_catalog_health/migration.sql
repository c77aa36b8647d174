-- The Health tab (issue 34): a catalog may refuse publishing on quality findings, and each published version's
-- catalog-check counts are kept once computed (a version never changes), per rule set.

-- AlterTable
ALTER TABLE "Catalog" ADD COLUMN     "blockOnQuality" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "SnapshotFindingCount" (
    "snapshotId" TEXT NOT NULL,
    "rules" TEXT NOT NULL,
    "counts" JSONB NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SnapshotFindingCount_pkey" PRIMARY KEY ("snapshotId","rules")
);

-- AddForeignKey
ALTER TABLE "SnapshotFindingCount" ADD CONSTRAINT "SnapshotFindingCount_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "Snapshot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

