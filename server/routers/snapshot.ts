import { router } from "../trpc";

export const snapshotRouter = router({});
