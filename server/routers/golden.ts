import { router } from "../trpc";

export const goldenRouter = router({});
