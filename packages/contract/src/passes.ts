import { z } from 'zod';

/**
 * Depth and normal passes sent with a view (issue 31 part 1): by POST /plugins/views and
 * POST /images/upload-input, stored with the input image, listed by GET /images/input-images/:id/passes.
 */

export const PASS_FIELDS = { depth: 'depth', normal: 'normal', depthNear: 'depthNear', depthFar: 'depthFar', fieldOfView: 'fieldOfView' } as const;

export const PASS_KINDS = ['depth', 'normal'] as const;
export const passKindSchema = z.enum(PASS_KINDS);
export type PassKind = z.infer<typeof passKindSchema>;

/** Each pass file at most this many bytes (a 16-bit RGB PNG of a 4K view is ~50 MB raw, compressed far less). */
export const PASS_MAX_BYTES = 40 * 1024 * 1024;

export const PASS_MESSAGES = {
  depthFormat: 'depth must be a 16-bit greyscale PNG or an OpenEXR file',
  depthBitDepth: 'depth must be a 16-bit PNG (this one has 8 bits per value: too coarse for depth)',
  depthChannels: 'depth must be one channel (greyscale PNG, or an OpenEXR with one channel or R, G, B)',
  depthExr: (why: string) => `depth is an OpenEXR this server cannot read: ${why}`,
  depthSize: (w: number, h: number, vw: number, vh: number) => `depth is ${w}×${h} but the view is ${vw}×${vh}: send it at the view's size`,
  depthRange: 'depth holds no usable values (negative, not a number, or one value everywhere)',
  depthNearFar: 'depthNear and depthFar are metres with 0 ≤ depthNear < depthFar ≤ 1000000; send both or neither',
  depthNearFarExr: 'depthNear and depthFar are for 16-bit PNG depth only: an OpenEXR depth is in metres already',
  depthNearFarWithoutDepth: 'depthNear and depthFar need a depth pass',
  fieldOfView: "fieldOfView is the camera's horizontal field of view in degrees, more than 0 and less than 180",
  fieldOfViewWithoutPasses: 'fieldOfView needs a depth or normal pass',
  normalFormat: 'normal must be an 8- or 16-bit RGB PNG of camera-space normals',
  normalSize: (w: number, h: number, vw: number, vh: number) => `normal is ${w}×${h} but the view is ${vw}×${vh}: send it at the view's size`,
  normalRange: 'normal does not hold unit normals (x, y, z mapped from −1…1 to 0…max): most of its pixels are not of length 1',
} as const;

export const inputImagePassSchema = z.object({
  kind: passKindSchema,
  width: z.number().int(),
  height: z.number().int(),
  /** What was sent: a PNG of this many bits per value, or an OpenEXR. */
  sourceFormat: z.enum(['png8', 'png16', 'exr']),
  /** Depth only: metres of the stored 0 and 65535; null when the depth was sent normalised. */
  depthNear: z.number().nullable(),
  depthFar: z.number().nullable(),
  /** The camera's horizontal field of view (degrees) the passes were rendered with, when the sender gave it. */
  fieldOfView: z.number().nullable(),
  /**
   * The stored pass as a 16-bit PNG: depth grey (0 = depthNear, 65535 = depthFar or beyond),
   * normal RGB (camera space, x right, y up, z towards the viewer; value = (n + 1) / 2 × 65535).
   */
  dataUrl: z.string(),
  /** An 8-bit picture of it at the view's web size, for the canvas overlay (depth: near is light). */
  previewUrl: z.string(),
  thumbnailUrl: z.string(),
});
export type InputImagePass = z.infer<typeof inputImagePassSchema>;

export const inputImagePassesResponseSchema = z.object({ passes: z.array(inputImagePassSchema) });
export type InputImagePassesResponse = z.infer<typeof inputImagePassesResponseSchema>;
