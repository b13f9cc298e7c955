/** What an area's contract file holds: its methods (input and output schemas) and its events (payload schemas). */
import { z } from 'zod';

/** An input that takes no fields (and refuses any). */
export const empty = z.object({}).strict();

/** One method's schemas. */
export interface MethodSpec {
  readonly input: z.ZodType;
  readonly output: z.ZodType;
}

/**
 * An area's part of the contract; names are `area.verb` for methods and `area.noun` for events.
 * Each area has one name: the settings area's calls (profiles, keys, how keys are kept, the sandbox) are all `settings.*`.
 */
export interface AreaContract {
  readonly methods: Readonly<Record<string, MethodSpec>>;
  readonly events: Readonly<Record<string, z.ZodType>>;
}
