import { createCallerFactory, router } from "../trpc";
import { accountRouter } from "./account";
import { agentTokenRouter } from "./agent-token";
import { auditRouter } from "./audit";
import { catalogRouter } from "./catalog";
import { goldenRouter } from "./golden";
import { insightsRouter } from "./insights";
import { ioRouter } from "./io";
import { namespaceRouter } from "./namespace";
import { playgroundRouter } from "./playground";
import { publishRouter } from "./publish";
import { snapshotRouter } from "./snapshot";
import { teamRouter } from "./team";
import { toolRouter } from "./tool";

export const appRouter = router({
  account: accountRouter,
  team: teamRouter,
  catalog: catalogRouter,
  namespace: namespaceRouter,
  tool: toolRouter,
  io: ioRouter,
  audit: auditRouter,
  playground: playgroundRouter,
  golden: goldenRouter,
  publish: publishRouter,
  snapshot: snapshotRouter,
  agentToken: agentTokenRouter,
  insights: insightsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
