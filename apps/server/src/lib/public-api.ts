/**
 * The public API: the routes an API key may call (preHandler `app.requireUserOrApiKey`), shown
 * as one group in /api/docs, each with a curl example.
 */
export const PUBLIC_API_TAG = 'Public API (API keys)';
export const PUBLIC_API_SECURITY: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];

/** A route description followed by its example, with the base URL and key as variables. */
export function withExample(description: string, example: string): string {
  return `${description}\n\nExample (ATELIER_URL is your Atelier address, ATELIER_KEY an API key):\n\n\`\`\`sh\n${example}\n\`\`\``;
}
