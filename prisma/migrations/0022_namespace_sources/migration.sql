-- Where a namespace's tools come from (issue 35): an MCP server over HTTP, an MCP server the CLI starts on the
-- user's machine, an OpenAPI document, or a file. One source per namespace. Secret header values are stored
-- sealed (AES-256-GCM with the operator's STOCKROOM_SECRETS_KEY), never in clear.

-- CreateTable
CREATE TABLE "NamespaceSource" (
    "id" TEXT NOT NULL,
    "catalogId" TEXT NOT NULL,
    "namespaceId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "url" TEXT,
    "headers" JSONB NOT NULL DEFAULT '[]',
    "command" TEXT,
    "args" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "env" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "file" TEXT,
    "tagsAsNamespaces" BOOLEAN NOT NULL DEFAULT false,
    "mcpServer" TEXT,
    "exposure" "Exposure" NOT NULL DEFAULT 'deferred',
    "namespaces" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "revision" INTEGER NOT NULL DEFAULT 1,
    "lastSyncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NamespaceSource_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NamespaceSource_namespaceId_key" ON "NamespaceSource"("namespaceId");

-- CreateIndex
CREATE INDEX "NamespaceSource_catalogId_idx" ON "NamespaceSource"("catalogId");

-- AddForeignKey
ALTER TABLE "NamespaceSource" ADD CONSTRAINT "NamespaceSource_catalogId_fkey" FOREIGN KEY ("catalogId") REFERENCES "Catalog"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NamespaceSource" ADD CONSTRAINT "NamespaceSource_namespaceId_fkey" FOREIGN KEY ("namespaceId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
