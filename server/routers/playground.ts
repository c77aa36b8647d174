import { router } from "../trpc";

export const playgroundRouter = router({});
