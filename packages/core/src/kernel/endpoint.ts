import { z } from 'zod';
import type { Actor } from '../access/actor';
import type { RefusalMessages, Right } from '../access/rights';
import type { Listings } from '../platform/cache/listing-cache';
import type { Config } from '../platform/config/config';
import type { Database } from '../platform/db/client';
import type { JobQueue } from '../platform/jobs/job-queue';
import type { Logger } from '../platform/logging/logger';
import type { Storage } from '../platform/storage/storage';
import type { UploadedFiles } from '../platform/uploads/uploaded-files';
import type { ProcessingEvents } from '../platform/events/processing-events';

export type { Actor };

/**
 * What every service call receives besides its input: the kernel. Entry points (the web
 * server, the worker, the CLIs) build it from `loadConfig()`; tests build it with fakes or real
 * services (`createTestContext`). A domain module reads no environment and no module global:
 * what it needs comes from here or its arguments.
 */
export interface ServiceContext {
  /** The checked configuration (ConfigSchema). */
  config: Config;
  db: Database;
  actor: Actor | null;
  log: Logger;
  /** The clock. */
  now: () => Date;
  /** The listing cache for visitors and its invalidation. */
  listings: Listings;
}

/** The media side of the site, for the calls that store files or queue processing. */
export interface MediaServices {
  storage: Storage;
  queue: JobQueue;
  events: ProcessingEvents;
  uploads: UploadedFiles;
}

/**
 * Services a feature adds to the calls' context (the accounts' auth and mail, the members'
 * cache). The feature declares its field here by module augmentation, so that the kernel names
 * no feature; each is present in the web server and in the tests that need it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureServices {}

/** Extra facts only the HTTP layer knows, for calls that need them (rate limits, links). */
export interface RequestContext extends ServiceContext, Partial<FeatureServices> {
  ip: string;
  headers: Headers;
  /** Present in the web server; absent in tests that do not need it. */
  media?: MediaServices;
  /**
   * Set while a held staff action is carried out (docs/moderation.md): the action's own
   * transaction marks that attempt of it done, so it commits once or not at all.
   */
  heldAction?: HeldActionAttempt;
}

/** One attempt at carrying out a held staff action: its row and the attempt's number. */
export interface HeldActionAttempt {
  id: string;
  attempt: number;
}

/** The media services, or a plain failure when a call that needs them runs without. */
export function requireMediaServices(context: RequestContext): MediaServices {
  if (!context.media) throw new Error('This call needs the media services (storage and queue)');
  return context.media;
}

/** The right a call needs (from the rights table), and how a refusal is worded. */
export interface EndpointAccess {
  right: Right;
  refusal?: RefusalMessages;
}

/** A mode of an endpoint with modes: its right, summary and answer schema. */
export interface ModeDeclaration extends EndpointAccess {
  summary: string;
  /** The answer's body on success (without `httpStatusCode`, which every answer carries). */
  output: AnswerSchema;
}

/** The schema of an answer body: an object, whose declared fields every answer carries. */
export type AnswerSchema = z.ZodObject;

export interface Endpoint<Input extends z.ZodType = z.ZodType> extends EndpointAccess {
  /** The URL path, e.g. `/api/checkusername`. */
  path: string;
  summary: string;
  input: Input;
  /**
   * The answer's body on success (without `httpStatusCode`); for an endpoint with modes, the
   * union of its modes' answers. The route, the client, the OpenAPI document and the contract
   * test share it.
   */
  output: z.ZodType;
  /** For an endpoint with modes: each mode's own right and answer, by mode name. */
  modes?: Readonly<Record<string, ModeDeclaration>>;
  handle(input: z.output<Input>, context: RequestContext): Promise<EndpointAnswer>;
}

/** An answer body, and its HTTP status when it is not 200. */
export interface EndpointAnswer {
  status?: number;
  body: Record<string, unknown>;
}

/**
 * A POST endpoint taking one JSON object. Its path and schemas keep their own types, so that
 * the browser's helper (apps/web/lib/client/api.ts) types its calls from them.
 */
export function defineEndpoint<
  const Path extends string,
  Input extends z.ZodType,
  Output extends AnswerSchema,
>(
  endpoint: Endpoint<Input> & { path: Path; output: Output },
): Endpoint<Input> & { path: Path; output: Output } {
  return endpoint;
}

type ModeHandlers<Modes extends Record<string, z.ZodObject>> = {
  [Mode in keyof Modes]: EndpointAccess & {
    input: Modes[Mode];
    summary: string;
    output: AnswerSchema;
    handle(input: z.output<Modes[Mode]>, context: RequestContext): Promise<EndpointAnswer>;
  };
};

/** Each mode's answer schema, inferred beside ModeHandlers (which infers the inputs). */
type ModeOutputs<Outputs extends Record<string, AnswerSchema>> = {
  [Mode in keyof Outputs]: { output: Outputs[Mode] };
};

/** The fields of an object schema; zod types those of `z.object({})` as an index of never. */
type Fields<Schema> = Schema extends Record<string, never> ? unknown : Schema;

/** The body of a call to one of the modes: the mode's fields and its name. */
type ModeBody<Modes extends Record<string, z.ZodObject>, Side extends 'input' | 'output'> = {
  [Mode in keyof Modes & string]: Fields<
    Side extends 'input' ? z.input<Modes[Mode]> : z.output<Modes[Mode]>
  > & { mode: Mode };
}[keyof Modes & string];

/** An endpoint with modes, as defineModeEndpoint makes it: its path, body and answers typed. */
export type ModeEndpoint<
  Path extends string,
  Modes extends Record<string, z.ZodObject>,
  Outputs extends Record<string, AnswerSchema>,
> = Endpoint<z.ZodType<ModeBody<Modes, 'output'>, ModeBody<Modes, 'input'>>> & {
  path: Path;
  modes: {
    readonly [Mode in keyof Modes & string]: Omit<ModeDeclaration, 'output'> & {
      output: Outputs[Mode];
    };
  };
};

/**
 * A POST endpoint whose body names a `mode` (the calls of docs/api.md): one zod discriminated union
 * on `mode`, dispatched to one handler a mode; each mode declares the right it needs and the
 * schema of its answer. The endpoint's own right is the least any mode needs (for
 * documentation).
 */
export function defineModeEndpoint<
  const Path extends string,
  Modes extends Record<string, z.ZodObject>,
  Outputs extends Record<string, AnswerSchema>,
>(definition: {
  path: Path;
  summary: string;
  modes: ModeHandlers<Modes> & ModeOutputs<Outputs>;
}): ModeEndpoint<Path, Modes, Outputs> {
  const entries = Object.entries(definition.modes) as [string, ModeHandlers<Modes>[keyof Modes]][];
  const variants = entries.map(([mode, { input, summary }]) =>
    input.extend({ mode: z.literal(mode) }).describe(summary),
  );
  const input = z.discriminatedUnion(
    'mode',
    variants as unknown as [z.ZodObject<{ mode: z.ZodLiteral<string> }>],
  );
  const modes = Object.fromEntries(
    entries.map(([mode, { right, refusal, summary, output }]) => [
      mode,
      { right, refusal, summary, output: output.describe(`The answer of ${mode}`) },
    ]),
  );
  const outputs = entries.map(([, mode]) => mode.output);
  const endpoint: Endpoint = {
    path: definition.path,
    summary: definition.summary,
    right: entries.some(([, mode]) => mode.right === 'view') ? 'view' : entries[0]![1].right,
    modes,
    input,
    output: outputs.length === 1 ? outputs[0]! : z.union(outputs as [AnswerSchema, AnswerSchema]),
    handle: (parsed, context) => {
      const { mode, ...rest } = parsed as { mode: string };
      const handler = definition.modes[mode as keyof Modes];
      return handler.handle(rest as never, context);
    },
  };
  // What the object holds, with the types zod's union and Object.fromEntries lose.
  return endpoint as ModeEndpoint<Path, Modes, Outputs>;
}

/** The schema of a whole answer (its body and `httpStatusCode`) to one call of an endpoint. */
export function answerSchemaOf(endpoint: Endpoint, mode?: string): z.ZodType | undefined {
  const output = mode ? endpoint.modes?.[mode]?.output : endpoint.output;
  if (!output) return undefined;
  const withStatus = (schema: z.ZodType) =>
    schema instanceof z.ZodObject
      ? schema.extend({ httpStatusCode: z.number().int().min(200).max(299) })
      : schema;
  if (output instanceof z.ZodUnion) {
    return z.union((output.options as z.ZodType[]).map(withStatus) as [z.ZodType, z.ZodType]);
  }
  return withStatus(output);
}
