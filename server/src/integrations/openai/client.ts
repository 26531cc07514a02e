/**
 * The one client of any OpenAI-compatible chat completions endpoint (OPENAI_API_KEY, OPENAI_BASE_URL,
 * OPENAI_MODEL), through the `openai` v6 SDK: the scoreboard's text-llm source, article summaries and
 * search answers all go through it. Structured output: the zod schema becomes a strict JSON schema
 * for the model, and the answer is validated with the same schema here, because an
 * OpenAI-compatible server may ignore response_format. Output that is not JSON or does not match is
 * an LlmOutputError, so callers reject it and never store it.
 */
import type OpenAI from 'openai';
import type { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { optionalPackage } from '../optional-package';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_TIMEOUT_MS = 60_000;

export interface OpenAICompatibleOptions {
  apiKey: string;
  /** OPENAI_BASE_URL; the OpenAI API when absent (never read from the environment here). */
  baseURL?: string;
  model: string;
  timeoutMs?: number;
  /** The SDK retries 408/409/429/5xx and connection errors; one retry is plenty for a poller. */
  maxRetries?: number;
}

/** The model answered, but not with what was asked for (not JSON, wrong shape, refusal, cut off). */
export class LlmOutputError extends Error {
  constructor(
    message: string,
    readonly issues?: unknown,
  ) {
    super(message);
    this.name = 'LlmOutputError';
  }
}

export interface StructuredRequest<T extends z.core.$ZodType> {
  /** Validates the answer; also sent to the model as a strict JSON schema. */
  schema: T;
  /** The schema's name for the model: [a-zA-Z0-9_-], at most 64 characters. */
  name: string;
  system: string;
  user: string;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface LlmMessage {
  role: 'system' | 'user';
  content: string;
}

/** A JSON schema the answer is asked to follow (the caller validates what comes back). */
export interface LlmJsonSchema {
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  messages: LlmMessage[];
  jsonSchema?: LlmJsonSchema;
  signal?: AbortSignal;
}

export interface LlmClient {
  readonly model: string;
  /** One chat completion whose answer must match `schema`; throws LlmOutputError when it does not. */
  structured<T extends z.core.$ZodType>(request: StructuredRequest<T>): Promise<z.infer<T>>;
  /** One chat completion's text ('' when the model gave none), at the endpoint's default temperature. */
  chat(request: ChatRequest): Promise<string>;
  /** The same completion as text pieces while the model writes it. */
  chatStream(request: Omit<ChatRequest, 'jsonSchema'>): AsyncGenerator<string>;
}

interface OpenAISdk {
  OpenAI: typeof OpenAI;
  zodResponseFormat: typeof zodResponseFormat;
}

/** openai is an optional package, loaded only once an endpoint is configured (OPENAI_API_KEY). */
export const loadOpenAISdk = optionalPackage(
  'openai',
  'OPENAI_API_KEY is set',
  async (): Promise<OpenAISdk> => {
    const [sdk, helpers] = await Promise.all([import('openai'), import('openai/helpers/zod')]);
    return { OpenAI: sdk.default, zodResponseFormat: helpers.zodResponseFormat };
  },
);

export function createOpenAICompatibleClient(options: OpenAICompatibleOptions): LlmClient {
  let connecting: Promise<{ client: OpenAI; zodResponseFormat: typeof zodResponseFormat }> | undefined;
  /** The SDK's client, made on first use. */
  const connect = () =>
    (connecting ??= loadOpenAISdk().then((sdk) => ({
      client: new sdk.OpenAI({
        apiKey: options.apiKey,
        baseURL: options.baseURL ?? OPENAI_DEFAULT_BASE_URL,
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxRetries: options.maxRetries ?? 1,
      }),
      zodResponseFormat: sdk.zodResponseFormat,
    })));

  return {
    model: options.model,

    async chat({ messages, jsonSchema, signal }) {
      const { client } = await connect();
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          messages,
          ...(jsonSchema
            ? {
                response_format: {
                  type: 'json_schema' as const,
                  json_schema: { name: jsonSchema.name, strict: true, schema: jsonSchema.schema },
                },
              }
            : {}),
        },
        { signal },
      );
      return completion.choices[0]?.message?.content ?? '';
    },

    async *chatStream({ messages, signal }) {
      const { client } = await connect();
      const stream = await client.chat.completions.create(
        { model: options.model, messages, stream: true },
        { signal },
      );
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) yield piece;
      }
    },

    async structured({ schema, name, system, user, maxTokens, signal }) {
      const { client, zodResponseFormat } = await connect();
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          temperature: 0,
          ...(maxTokens ? { max_completion_tokens: maxTokens } : {}),
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          response_format: zodResponseFormat(schema, name),
        },
        { signal },
      );
      const choice = completion.choices?.[0];
      if (!choice) throw new LlmOutputError('The model gave no answer');
      if (choice.finish_reason === 'length') throw new LlmOutputError('The model answer was cut off');
      if (choice.finish_reason === 'content_filter')
        throw new LlmOutputError('The model answer was filtered');
      if (choice.message.refusal) throw new LlmOutputError(`The model refused: ${choice.message.refusal}`);
      const content = choice.message.content;
      if (!content) throw new LlmOutputError('The model answer is empty');
      let json: unknown;
      try {
        json = JSON.parse(content);
      } catch {
        throw new LlmOutputError('The model answer is not JSON');
      }
      const parsed = z.safeParse(schema, json);
      if (!parsed.success) {
        throw new LlmOutputError('The model answer does not match the schema', parsed.error.issues);
      }
      return parsed.data;
    },
  };
}
