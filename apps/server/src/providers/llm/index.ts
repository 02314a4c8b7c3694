import type { Config } from '../../config.js';
import { createOpenAiWriter, LlmError } from './openai-writer.js';
import type { PromptWriter } from './prompt-writer.js';
import { createTemplateWriter } from './template-writer.js';

export { createOpenAiWriter, LlmError, SYSTEM_PROMPT } from './openai-writer.js';
export { materialsOf, type PromptBrief, type PromptWriter } from './prompt-writer.js';
export { createTemplateWriter, writeTemplatePrompt } from './template-writer.js';

/** What the writers log with (the app's pino logger fits). */
export interface WarnLog {
  warn(obj: object, msg: string): void;
}

/**
 * The LLM writer, falling back to the template writer (with a logged warning) whenever it fails:
 * the user always gets a prompt. An abort by the caller is not a failure to hide.
 */
export function withFallback(primary: PromptWriter, fallback: PromptWriter, log: WarnLog): PromptWriter {
  return {
    name: primary.name,
    async write(brief, opts = {}) {
      try {
        return await primary.write(brief, opts);
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        log.warn(
          { err: err instanceof Error ? { message: err.message, status: err instanceof LlmError ? err.status : undefined } : err, writer: primary.name },
          'the LLM prompt writer failed; the template writer wrote the prompt',
        );
        return fallback.write(brief, opts);
      }
    },
  };
}

/** LLM_BASE_URL set: the LLM writer (LLM_MODEL, LLM_API_KEY) with the template fallback; else the template writer. */
export function createPromptWriter(config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>, log: WarnLog): PromptWriter {
  const template = createTemplateWriter();
  if (!config.LLM_BASE_URL) return template;
  return withFallback(createOpenAiWriter({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL }), template, log);
}
