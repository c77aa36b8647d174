-- CreateEnum
CREATE TYPE "AgentTokenScope" AS ENUM ('read', 'import');

-- AlterTable
ALTER TABLE "AgentToken" ADD COLUMN     "scopes" "AgentTokenScope"[] DEFAULT ARRAY['read']::"AgentTokenScope"[];

