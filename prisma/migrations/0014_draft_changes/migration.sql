-- CreateTable
CREATE TABLE "DraftChange" (
    "catalogId" TEXT NOT NULL,
    "revision" BIGINT NOT NULL,
    "rowId" TEXT NOT NULL,

    CONSTRAINT "DraftChange_pkey" PRIMARY KEY ("catalogId","revision","rowId")
);

-- AddForeignKey
ALTER TABLE "DraftChange" ADD CONSTRAINT "DraftChange_catalogId_fkey" FOREIGN KEY ("catalogId") REFERENCES "Catalog"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The draft revision trigger (0013) now also logs, under the revision it bumps, the id of every tool or namespace
-- row the transaction wrote (once each). The transaction that bumps the revision deletes the log of revisions
-- 256 and more before its own, so each catalog keeps the last 256 (a reader that knows an older one compares row
-- versions instead). Every revision has at least one logged row, so a reader tells a complete log from a pruned
-- one by whether the revision after its own is still there.
CREATE OR REPLACE FUNCTION "stockroom_bump_draft_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  catalog_id TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD."catalogId" ELSE NEW."catalogId" END;
  row_id TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END;
  seen TEXT := 'stockroom.draft_bumped_' || md5(catalog_id);
  bumped BIGINT;
BEGIN
  IF coalesce(current_setting(seen, true), '') <> '1' THEN
    PERFORM set_config(seen, '1', true);
    INSERT INTO "DraftRevision" ("catalogId", "revision")
      SELECT catalog_id, 1 WHERE EXISTS (SELECT 1 FROM "Catalog" WHERE "id" = catalog_id)
      ON CONFLICT ("catalogId") DO UPDATE SET "revision" = "DraftRevision"."revision" + 1
      RETURNING "revision" INTO bumped;
    DELETE FROM "DraftChange" WHERE "catalogId" = catalog_id AND "revision" <= bumped - 256;
  END IF;
  INSERT INTO "DraftChange" ("catalogId", "revision", "rowId")
    SELECT catalog_id, "revision", row_id FROM "DraftRevision" WHERE "catalogId" = catalog_id
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
