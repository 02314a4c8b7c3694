/** Profile pictures the browser lets through before upload (the server checks the bytes again). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** An error text for a file that cannot be a profile picture, else null. */
export function profilePictureProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPG, PNG or WEBP image.';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'The image is larger than 5 MB. Choose a smaller one.';
  return null;
}
