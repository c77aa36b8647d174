import { router } from "../trpc";

export const namespaceRouter = router({});
