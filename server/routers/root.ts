import { createCallerFactory, router } from "../trpc";
import { accountRouter } from "./account";
import { catalogRouter } from "./catalog";
import { teamRouter } from "./team";
import { toolRouter } from "./tool";

export const appRouter = router({
  account: accountRouter,
  team: teamRouter,
  catalog: catalogRouter,
  tool: toolRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
