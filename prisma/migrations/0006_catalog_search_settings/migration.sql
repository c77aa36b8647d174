-- AlterTable
ALTER TABLE "Catalog" ADD COLUMN     "dropWeakHits" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "vocabularyLines" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "vocabularyPacks" TEXT[] DEFAULT ARRAY['general', 'popular-servers']::TEXT[];

