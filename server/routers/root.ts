import { createCallerFactory, router } from "../trpc";
import { accountRouter } from "./account";
import { catalogRouter } from "./catalog";
import { exportRouter } from "./export";
import { firstRequestRouter } from "./first-request";
import { goldenRouter } from "./golden";
import { healthRouter } from "./health";
import { historyRouter } from "./history";
import { importRouter } from "./import";
import { insightsRouter } from "./insights";
import { namespaceRouter } from "./namespace";
import { playgroundRouter } from "./playground";
import { reviewRouter } from "./review";
import { snapshotRouter } from "./snapshot";
import { sourceRouter } from "./source";
import { teamRouter } from "./team";
import { tokenRouter } from "./token";
import { toolRouter } from "./tool";

/** One router per feature, named as the catalog's tabs name it (Tools, Namespaces, Import, Playground, …). */
export const appRouter = router({
  account: accountRouter,
  team: teamRouter,
  catalog: catalogRouter,
  namespace: namespaceRouter,
  source: sourceRouter,
  tool: toolRouter,
  import: importRouter,
  export: exportRouter,
  history: historyRouter,
  playground: playgroundRouter,
  firstRequest: firstRequestRouter,
  golden: goldenRouter,
  review: reviewRouter,
  health: healthRouter,
  snapshot: snapshotRouter,
  token: tokenRouter,
  insights: insightsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
