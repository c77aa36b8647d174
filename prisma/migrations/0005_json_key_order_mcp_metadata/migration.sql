-- Tool schemas and snapshot payloads become `json` (stored as text) so the key order an author wrote survives.
-- Existing rows are cast as they are (jsonb had already sorted their keys; their hashes do not depend on order).
-- ALTER TABLE fires no row trigger, so the immutable-snapshot trigger is not involved.
-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "mcpMetadata" JSON,
ALTER COLUMN "parameters" SET DATA TYPE JSON;

-- AlterTable
ALTER TABLE "Snapshot" ALTER COLUMN "payload" SET DATA TYPE JSON;

