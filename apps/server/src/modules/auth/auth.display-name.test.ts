import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createGeneratedImage, createImagesUser, type ImagesTestUser } from '../images/images.test-helpers.js';

/** Issue 28 item 14: one display name, chosen in profile settings, on Explore and on the share page alike. */
describe('the display name others see', { timeout: 60_000 }, () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let imageId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada Lovelace Byron');
    imageId = (await createGeneratedImage(t.app, ada.id)).id;
    const shared = await t.app.inject({ method: 'PUT', url: `/api/gallery/images/${imageId}/visibility`, headers: ada.headers, payload: { isPublic: true } });
    expect(shared.statusCode, shared.body).toBe(200);
  });
  afterAll(() => t?.close());

  const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: ada.headers, payload });
  /** The name on the public Explore list and on the image's share page. */
  const namesShown = async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/explore/images' })).json<{ images: Array<{ id: number; ownerName: string }> }>();
    const page = (await t.app.inject({ method: 'GET', url: `/api/explore/images/${imageId}` })).json<{ authorFirstName: string }>();
    return { explore: list.images.find((i) => i.id === imageId)?.ownerName, sharePage: page.authorFirstName };
  };

  it('is the first name by default, the same on Explore and on the share page', async () => {
    expect(await namesShown()).toEqual({ explore: 'Ada', sharePage: 'Ada' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: ada.headers });
    expect(me.json().user.displayName).toBeNull();
  });

  it('is the name chosen in profile settings on both, and goes back to the first name when cleared', async () => {
    const res = await patch({ fullName: 'Ada Lovelace Byron', displayName: '  Countess Ada  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ fullName: 'Ada Lovelace Byron', displayName: 'Countess Ada' });
    expect(await namesShown()).toEqual({ explore: 'Countess Ada', sharePage: 'Countess Ada' });

    // Saving the full name alone keeps the chosen display name.
    expect((await patch({ fullName: 'Ada King' })).json().user.displayName).toBe('Countess Ada');

    expect((await patch({ fullName: 'Ada King', displayName: '' })).json().user.displayName).toBeNull();
    expect(await namesShown()).toEqual({ explore: 'Ada', sharePage: 'Ada' });
  });

  it.each([
    ['one letter', 'A', 'Display name must be at least 2 characters'],
    ['too long', 'x'.repeat(41), 'Display name must be at most 40 characters'],
    ['a line break', 'Ada\nKing', 'Name contains invalid characters'],
    ['not a string', 42, 'Display name must be at least 2 characters'],
  ])('refuses %s with a 400 naming the field, and keeps the name', async (_case, displayName, message) => {
    const res = await patch({ fullName: 'Ada King', displayName });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: expect.any(String) });
    expect(await namesShown()).toEqual({ explore: 'Ada', sharePage: 'Ada' });
  });
});
