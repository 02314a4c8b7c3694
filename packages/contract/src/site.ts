import { z } from 'zod';

/**
 * The tools that push views through the plugin bridge with what ships in this repository: the
 * Blender add-on (plugins/blender) and the `atelier` command line (packages/cli), which any
 * modelling tool's export script can call. Other tools: export a view and upload it.
 */
export const PLUGIN_BRIDGE_TOOLS = ['Blender', 'Command line'] as const;

/** One credential shown under the sign-in card (CREDENTIALS in the server's config). */
export const siteCredentialSchema = z.object({
  label: z.string().trim().min(1).max(80),
  /** Optional link to the award or membership. */
  url: z.string().url().max(500).optional(),
});
export type SiteCredential = z.infer<typeof siteCredentialSchema>;
export const siteCredentialsSchema = z.array(siteCredentialSchema).max(6);

/** GET /site: what the public pages show about this deployment. */
export const siteInfoResponseSchema = z.object({ credentials: siteCredentialsSchema });
export type SiteInfoResponse = z.infer<typeof siteInfoResponseSchema>;
