import { describe, expect, it, vi } from 'vitest';
import { downloadGalleryImage, shareLink, shareLinkFor } from './imageActions';

describe('gallery image actions', () => {
  it('downloads image_{id}.jpg from the download call with the bearer token', async () => {
    localStorage.setItem('token', 'jwt');
    const save = vi.fn();
    const fetchFn = vi.fn(async () => new Response('jpeg-bytes', { status: 200 }));
    const result = await downloadGalleryImage(42, '/api/files/x', { fetch: fetchFn as unknown as typeof fetch, save });
    expect(result).toBe('saved');
    expect(fetchFn).toHaveBeenCalledWith('/api/images/download/generated/42', { headers: { Authorization: 'Bearer jwt' } });
    expect(save.mock.calls[0][1]).toBe('image_42.jpg');
  });

  it('opens the image in a new tab when the download fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const open = vi.fn();
    const fetchFn = vi.fn(async () => new Response('{}', { status: 500 }));
    const result = await downloadGalleryImage(7, '/api/files/u/1/image.jpg?sig=x', { fetch: fetchFn as unknown as typeof fetch, open });
    expect(result).toBe('opened');
    expect(open).toHaveBeenCalledWith('/api/files/u/1/image.jpg?sig=x');
  });

  it('shares the public link of a public image and the signed URL of a private one', () => {
    const origin = 'https://atelier.example';
    // A public image is shared as its stable page, never as an expiring signed file URL.
    expect(shareLinkFor({ id: 5, isPublic: true }, origin)).toBe('https://atelier.example/explore/5');
    expect(shareLinkFor({ id: 5, isPublic: false }, origin)).toBeNull();
  });

  it('uses the system share sheet when there is one, else copies the link', async () => {
    const share = vi.fn(async () => {});
    expect(await shareLink('https://x/1', 'Render', { navigator: { share, clipboard: undefined as never } })).toBe('shared');
    const writeText = vi.fn(async () => {});
    expect(await shareLink('https://x/2', 'Render', { navigator: { share: undefined as never, clipboard: { writeText } as never } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://x/2');
  });

  it('treats a closed share sheet as cancelled and a refused one as a reason to copy', async () => {
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    const writeText = vi.fn(async () => {});
    expect(await shareLink('https://x', 'R', { navigator: { share: vi.fn(async () => Promise.reject(abort)), clipboard: { writeText } as never } })).toBe('cancelled');
    const denied = Object.assign(new Error('nope'), { name: 'NotAllowedError' });
    expect(await shareLink('https://x', 'R', { navigator: { share: vi.fn(async () => Promise.reject(denied)), clipboard: { writeText } as never } })).toBe('copied');
  });
});
