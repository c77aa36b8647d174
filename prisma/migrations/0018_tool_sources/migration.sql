-- Where tools come from (issue 35): each tool keeps the imported fields as its source last sent them, so a
-- re-import tells the team's own edits from upstream changes; the audit events of one change made at once (an
-- import) share a group id.

-- AlterTable
ALTER TABLE "Tool" ADD COLUMN     "upstream" JSON;

-- AlterTable
ALTER TABLE "AuditEvent" ADD COLUMN     "groupId" TEXT;
