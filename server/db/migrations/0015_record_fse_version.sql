-- Issue 27: an FSE survey's version, bumped by every save; a save stating an older one is refused (409), as for records.
-- A constant default: PostgreSQL records it in the catalogue, no table rewrite.
ALTER TABLE "record_fse" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;