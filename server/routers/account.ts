import { z } from "zod";
import { authedProcedure, router } from "../trpc";

export const accountRouter = router({
  me: authedProcedure
    .output(z.object({ id: z.string(), email: z.string(), name: z.string() }))
    .query(({ ctx }) => ({ id: ctx.user.id, email: ctx.user.email, name: ctx.user.name })),
});
