-- Undo and four eyes (issue 35, items 6 and 7): a catalog can require that a publish requested by one member is
-- approved by another; each request remembers the draft revision it asked for, so an approval publishes exactly it.

-- AlterTable
ALTER TABLE "Catalog" ADD COLUMN     "requirePublishApproval" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "PublishRequest" (
    "id" TEXT NOT NULL,
    "catalogId" TEXT NOT NULL,
    "draftRevision" BIGINT NOT NULL,
    "note" TEXT NOT NULL,
    "reason" TEXT,
    "requestedById" TEXT,
    "requestedBy" TEXT NOT NULL DEFAULT '',
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decidedById" TEXT,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "decisionReason" TEXT,
    "version" INTEGER,

    CONSTRAINT "PublishRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PublishRequest_catalogId_status_idx" ON "PublishRequest"("catalogId", "status");

-- AddForeignKey
ALTER TABLE "PublishRequest" ADD CONSTRAINT "PublishRequest_catalogId_fkey" FOREIGN KEY ("catalogId") REFERENCES "Catalog"("id") ON DELETE CASCADE ON UPDATE CASCADE;
