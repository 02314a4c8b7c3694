/** The screens whose URL names images of the workspace (Create's ?imageId and ?render, Tweak's ?imageId). */
const WORK_SCREENS = new Set(['/create', '/tweak', '/upscale']);

/** Query parameters that name something of one workspace (an image, a render, a batch, a pushed view). */
const WORKSPACE_ID_PARAMS = ['imageId', 'imageType', 'render', 'fromBatch', 'showMasks', 'source'];

/**
 * The URL a work screen shows after a workspace switch: the same screen without the ids of the
 * other workspace. Null when there is nothing to drop (another screen, or no ids in the URL).
 */
export function urlWithoutWorkspaceIds(pathname: string, search: string): string | null {
  if (!WORK_SCREENS.has(pathname)) return null;
  const params = new URLSearchParams(search);
  if (!WORKSPACE_ID_PARAMS.some((k) => params.has(k))) return null;
  WORKSPACE_ID_PARAMS.forEach((k) => params.delete(k));
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
