import { router } from "../trpc";

export const agentTokenRouter = router({});
