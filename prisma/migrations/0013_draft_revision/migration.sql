-- CreateTable
CREATE TABLE "DraftRevision" (
    "catalogId" TEXT NOT NULL,
    "revision" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "DraftRevision_pkey" PRIMARY KEY ("catalogId")
);

-- AddForeignKey
ALTER TABLE "DraftRevision" ADD CONSTRAINT "DraftRevision_catalogId_fkey" FOREIGN KEY ("catalogId") REFERENCES "Catalog"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every write to a catalog's tools or namespaces bumps its draft revision once per transaction, at commit
-- (deferred): the row lock on "DraftRevision" is the last lock a writer takes and is held only while it
-- commits, so writers neither wait on it for their whole transaction nor deadlock on it. A catalog that is
-- being deleted is skipped (its row goes with it).
CREATE FUNCTION "stockroom_bump_draft_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  catalog_id TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD."catalogId" ELSE NEW."catalogId" END;
  seen TEXT := 'stockroom.draft_bumped_' || md5(catalog_id);
BEGIN
  IF coalesce(current_setting(seen, true), '') <> '1' THEN
    PERFORM set_config(seen, '1', true);
    INSERT INTO "DraftRevision" ("catalogId", "revision")
      SELECT catalog_id, 1 WHERE EXISTS (SELECT 1 FROM "Catalog" WHERE "id" = catalog_id)
      ON CONFLICT ("catalogId") DO UPDATE SET "revision" = "DraftRevision"."revision" + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "Tool_bump_draft_revision" AFTER INSERT OR UPDATE OR DELETE ON "Tool"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "stockroom_bump_draft_revision"();
CREATE CONSTRAINT TRIGGER "Namespace_bump_draft_revision" AFTER INSERT OR UPDATE OR DELETE ON "Namespace"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "stockroom_bump_draft_revision"();
