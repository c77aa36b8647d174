-- Rug pulls (issue 35, item 4): a re-import that changes a published tool's description, schema, annotations or
-- title holds the change for review. One row per held tool: the last approved (published) values of the fields
-- upstream changed, and what upstream sent for them. Publishing ships the approved values while the row exists;
-- approving deletes it (the draft's values ship), rejecting writes the approved values back to the tool and
-- deletes it. `revision` moves with every change to the row, so an approval applies to what the reviewer saw.

-- CreateTable
CREATE TABLE "UpstreamReview" (
    "toolId" TEXT NOT NULL,
    "catalogId" TEXT NOT NULL,
    "approved" JSON NOT NULL,
    "upstream" JSON NOT NULL,
    "approvedVersion" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "markedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "markedById" TEXT,
    "markedBy" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "UpstreamReview_pkey" PRIMARY KEY ("toolId")
);

-- CreateIndex
CREATE INDEX "UpstreamReview_catalogId_idx" ON "UpstreamReview"("catalogId");

-- AddForeignKey
ALTER TABLE "UpstreamReview" ADD CONSTRAINT "UpstreamReview_toolId_fkey" FOREIGN KEY ("toolId") REFERENCES "Tool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UpstreamReview" ADD CONSTRAINT "UpstreamReview_catalogId_fkey" FOREIGN KEY ("catalogId") REFERENCES "Catalog"("id") ON DELETE CASCADE ON UPDATE CASCADE;
