/**
 * Article digests and search answers from the AI endpoint (the app's one OpenAI-compatible client,
 * integrations/openai): the prompts, the answer's shape and how a model's answer is read back.
 */
import { z } from 'zod';
import type { LlmClient, LlmMessage } from '../integrations/openai/client';
import { capText, type ExtractiveDigest } from './text';

/** A source handed to the model for an answer. */
export interface AnswerSource {
  title: string;
  url: string;
  publishedDate: string | null;
  text: string;
}

export interface AiClient {
  /** A two-to-three sentence summary and a few key highlights of an article. */
  digest(
    input: { title: string | null; url: string; text: string },
    signal?: AbortSignal,
  ): Promise<ExtractiveDigest>;
  /** An answer to `query` from the numbered sources, citing them as [1], [2]. */
  answer(
    query: string,
    sources: AnswerSource[],
    systemPrompt?: string,
    signal?: AbortSignal,
  ): Promise<string>;
  /** The same answer, as text pieces while the model writes it. */
  streamAnswer(
    query: string,
    sources: AnswerSource[],
    systemPrompt?: string,
    signal?: AbortSignal,
  ): AsyncGenerator<string>;
}

/** How much of an article the model reads (characters). */
const DIGEST_INPUT_MAX_CHARS = 12_000;
const SOURCE_MAX_CHARS = 2_000;
/** Longest title or URL put in a prompt (characters). */
const PROMPT_LINE_MAX_CHARS = 2_048;

const line = (value: string) => capText(value, PROMPT_LINE_MAX_CHARS);

/**
 * The model's answer without the code fence some compatible servers wrap JSON in, despite the
 * schema. Plain string steps: a pattern such as /\s*```\s*$/ rescans a long run of blanks from each
 * of its characters, and the answer comes from a server this app does not control.
 */
export function unfenced(content: string): string {
  let text = content.trim();
  if (text.startsWith('```')) {
    text = text.slice(3);
    if (text.startsWith('json')) text = text.slice(4);
  }
  if (text.endsWith('```')) text = text.slice(0, -3);
  return text.trim();
}

const digestSchema = z.object({
  summary: z.string().trim().min(1),
  highlights: z.array(z.string().trim().min(1)).max(8),
});

const DIGEST_INSTRUCTIONS =
  'You summarise news articles for busy software engineers who follow sports. Answer with JSON: ' +
  '"summary" is two or three plain sentences giving the gist; "highlights" lists three to five key ' +
  'facts from the article, each one short sentence. Use only facts in the article. No markdown.';

const ANSWER_INSTRUCTIONS =
  'Answer the question using only the numbered sources below. Cite sources inline as [1], [2]. ' +
  'If the sources do not answer it, say so briefly. Be concise.';

function sourcesBlock(sources: AnswerSource[]): string {
  return sources
    .map(
      (source, index) =>
        `[${index + 1}] ${line(source.title)}${source.publishedDate ? ` (${source.publishedDate.slice(0, 10)})` : ''}\n` +
        `${line(source.url)}\n${capText(source.text, SOURCE_MAX_CHARS)}`,
    )
    .join('\n\n');
}

export function createAiClient(llm: LlmClient): AiClient {
  const answerMessages = (query: string, sources: AnswerSource[], systemPrompt?: string): LlmMessage[] => [
    {
      role: 'system',
      content: `${ANSWER_INSTRUCTIONS}${systemPrompt ? `\n\n${systemPrompt}` : ''}\n\nSources:\n\n${sourcesBlock(sources)}`,
    },
    { role: 'user', content: query },
  ];

  return {
    async digest(input, signal) {
      const content = await llm.chat({
        messages: [
          { role: 'system', content: DIGEST_INSTRUCTIONS },
          {
            role: 'user',
            content: `Title: ${line(input.title ?? 'unknown')}\nURL: ${line(input.url)}\n\n${capText(input.text, DIGEST_INPUT_MAX_CHARS)}`,
          },
        ],
        jsonSchema: {
          name: 'article_digest',
          schema: {
            type: 'object',
            properties: {
              summary: { type: 'string' },
              highlights: { type: 'array', items: { type: 'string' } },
            },
            required: ['summary', 'highlights'],
            additionalProperties: false,
          },
        },
        signal,
      });
      return digestSchema.parse(JSON.parse(unfenced(content)));
    },

    async answer(query, sources, systemPrompt, signal) {
      return (await llm.chat({ messages: answerMessages(query, sources, systemPrompt), signal })).trim();
    },

    streamAnswer(query, sources, systemPrompt, signal) {
      return llm.chatStream({ messages: answerMessages(query, sources, systemPrompt), signal });
    },
  };
}
