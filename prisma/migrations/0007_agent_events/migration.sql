-- CreateEnum
CREATE TYPE "TelemetryTextMode" AS ENUM ('full', 'redacted', 'none');

-- CreateEnum
CREATE TYPE "AgentEventKind" AS ENUM ('search', 'call', 'outcome');

-- AlterTable
ALTER TABLE "Catalog" ADD COLUMN     "telemetryRetentionDays" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN     "telemetryText" "TelemetryTextMode" NOT NULL DEFAULT 'redacted';

-- CreateTable
CREATE TABLE "AgentEvent" (
    "id" TEXT NOT NULL,
    "catalogId" TEXT NOT NULL,
    "clientEventId" TEXT NOT NULL,
    "kind" "AgentEventKind" NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tokenId" TEXT,
    "conversationId" TEXT,
    "snapshotVersion" INTEGER,
    "query" TEXT,
    "queryHash" TEXT,
    "limit" INTEGER,
    "profile" TEXT,
    "latencyMs" DOUBLE PRECISION,
    "hits" JSONB,
    "returnedIds" TEXT[],
    "weakOnly" BOOLEAN,
    "repeated" BOOLEAN NOT NULL DEFAULT false,
    "followed" BOOLEAN NOT NULL DEFAULT false,
    "callId" TEXT,
    "toolId" TEXT,
    "searchEventId" TEXT,
    "rank" INTEGER,
    "ok" BOOLEAN,
    "error" TEXT,

    CONSTRAINT "AgentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentEventDaily" (
    "catalogId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "snapshotVersion" INTEGER NOT NULL,
    "metric" TEXT NOT NULL,
    "toolId" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "AgentEventDaily_pkey" PRIMARY KEY ("catalogId","day","snapshotVersion","metric","toolId","bucket")
);

-- CreateIndex
CREATE INDEX "AgentEvent_catalogId_kind_at_idx" ON "AgentEvent"("catalogId", "kind", "at");

-- CreateIndex
CREATE INDEX "AgentEvent_catalogId_conversationId_idx" ON "AgentEvent"("catalogId", "conversationId");

-- CreateIndex
CREATE INDEX "AgentEvent_catalogId_callId_idx" ON "AgentEvent"("catalogId", "callId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentEvent_catalogId_clientEventId_key" ON "AgentEvent"("catalogId", "clientEventId");

-- AddForeignKey
ALTER TABLE "AgentEvent" ADD CONSTRAINT "AgentEvent_catalogId_fkey" FOREIGN KEY ("catalogId") REFERENCES "Catalog"("id") ON DELETE CASCADE ON UPDATE CASCADE;

