import { router } from "../trpc";

export const ioRouter = router({});
