-- Published snapshots are immutable: refuse every UPDATE and DELETE at the database,
-- whatever code (or person with psql) tries it.
CREATE OR REPLACE FUNCTION stockroom_snapshot_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'snapshots are immutable: % refused on version %', TG_OP, OLD."version"
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Snapshot_immutable"
  BEFORE UPDATE OR DELETE ON "Snapshot"
  FOR EACH ROW EXECUTE FUNCTION stockroom_snapshot_immutable();
