/**
 * Create → Tweak opens what Create shows: the render selected there (Create keeps it in ?render),
 * else its input image (?imageId, an input's id). Every other link goes where it says.
 */
export function workLinkFor(to: string, pathname: string, search: string): string {
  if (to !== '/edit' || pathname !== '/create') return to;
  const params = new URLSearchParams(search);
  const id = (name: string) => {
    const v = params.get(name);
    return v !== null && /^\d{1,10}$/.test(v) ? v : null;
  };
  const render = id('render');
  if (render) return `/edit?imageId=${render}`;
  const input = id('imageId');
  return input ? `/edit?imageId=${input}&imageType=input` : to;
}
