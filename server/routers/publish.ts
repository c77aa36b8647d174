import { router } from "../trpc";

export const publishRouter = router({});
